/** The request log's stdout stream: lines of one event-loop turn go out as one write, in order. */
import { describe, expect, it } from "vitest";
import { batchedLogStream } from "../src/lib/logStream.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("batchedLogStream", () => {
  it("writes the lines of one turn together, at the end of that turn", async () => {
    const writes: string[] = [];
    const stream = batchedLogStream((text) => writes.push(text));
    stream.write("a\n");
    stream.write("b\n");
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(["a\nb\n"]);
    stream.write("c\n");
    await nextTurn();
    expect(writes).toEqual(["a\nb\n", "c\n"]);
  });

  it("flush writes what is pending at once, and nothing twice", async () => {
    const writes: string[] = [];
    const stream = batchedLogStream((text) => writes.push(text));
    stream.write("x\n");
    stream.flush();
    expect(writes).toEqual(["x\n"]);
    await nextTurn();
    expect(writes).toEqual(["x\n"]);
  });
});
