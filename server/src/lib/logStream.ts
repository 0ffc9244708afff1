/**
 * Where the request log goes: stdout, one write per event-loop turn instead of one per line. Each
 * request's line used to be its own synchronous write(2), about a tenth of a cached request's CPU
 * under load. Lines go out at the end of the turn that logged them (`setImmediate`), so a quiet
 * server still shows each line at once, and whatever is pending is written when the process exits.
 */

export type LogStream = {
  write(line: string): void;
  /** Writes what is pending now. */
  flush(): void;
};

export function batchedLogStream(
  sink: (text: string) => void = (text) => process.stdout.write(text),
): LogStream {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    sink(text);
  };
  // stdout on a pipe or file is synchronous on Linux and macOS, so this completes before exit.
  process.once("exit", flush);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
