/** Saves `blob` as a file named `name` through the browser's download, as a click on a link would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // later, not at once: the browser may still be reading the file when click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
