import { encode } from "uqr";

/** Modules, row by row: `modules[y][x]` is true for a dark module. */
export type QrMatrix = boolean[][];

export type QrCode = { version: number; mask: number; size: number; modules: QrMatrix };

/**
 * `text` (UTF-8) as a QR symbol by uqr (a port of Nayuki's QR Code generator): error correction level
 * M, the smallest version that holds it, no quiet zone (`qrSvgPath` leaves it). `mask` forces a mask
 * pattern (tests); otherwise the one with the lowest penalty, as the standard says.
 */
export function encodeQr(text: string, options: { mask?: number } = {}): QrCode {
  const qr = encode(text, { ecc: "M", border: 0, maskPattern: options.mask });
  return { version: qr.version, mask: qr.maskPattern, size: qr.size, modules: qr.data };
}

/** SVG path data of the dark modules, one unit per module, offset by `margin` (the quiet zone). */
export function qrSvgPath(modules: QrMatrix, margin = 4): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    // Runs of dark modules in a row become one rectangle each.
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      parts.push(`M${start + margin} ${y + margin}h${x - start + 1}v1h${start - x - 1}z`);
    }
  });
  return parts.join("");
}

/**
 * `text`'s QR code as a PNG: `scale` pixels a module, black on white, with the 4-module quiet zone a
 * scanner needs (what `QrCode` draws, as an image a member can save or send).
 */
export async function qrPng(text: string, scale = 10, margin = 4): Promise<Blob> {
  const { modules, size } = encodeQr(text);
  const side = (size + margin * 2) * scale;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, side, side);
  context.fillStyle = "#000";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) context.fillRect((x + margin) * scale, (y + margin) * scale, scale, scale);
    }),
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}
