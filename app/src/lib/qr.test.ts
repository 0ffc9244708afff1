import { describe, expect, it } from "vitest";
import fixtures from "./qr.fixtures.json";
import { type QrMatrix, encodeQr, qrSvgPath } from "./qr";

/** Fixture rows are hex strings of the row's bits, most significant first. */
function fromHex(rows: string[], size: number): QrMatrix {
  return rows.map((row) =>
    BigInt(`0x${row}`)
      .toString(2)
      .padStart(size, "0")
      .split("")
      .map((c) => c === "1"),
  );
}

describe("encodeQr against python-qrcode 8.2 (fixtures: qr.fixtures.json, its `source` says how)", () => {
  for (const c of fixtures.cases) {
    it(`version ${c.version}, mask ${c.mask}: ${JSON.stringify(c.text.slice(0, 40))}`, () => {
      const qr = encodeQr(c.text, { mask: c.mask });
      expect(qr.version).toBe(c.version);
      expect(qr.size).toBe(c.version * 4 + 17);
      expect(qr.modules).toEqual(fromHex(c.rows, qr.size));
    });
  }
});

/** Reads a format-information copy: 15 bits, bit i from the given module positions. */
function readBits(m: QrMatrix, cells: [number, number][]): number {
  return cells.reduce((acc, [x, y], i) => acc | ((m[y]![x] ? 1 : 0) << i), 0);
}

/** Remainder of a 15-bit word by the format BCH generator x^10 + x^8 + x^5 + x^4 + x^2 + x + 1. */
function bchRemainder(word: number): number {
  let rem = word;
  for (let bit = 14; bit >= 10; bit--) if ((rem >>> bit) & 1) rem ^= 0x537 << (bit - 10);
  return rem;
}

describe("structure of the invitation link's symbol", () => {
  const link = "http://127.0.0.1:5173/?code=0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const qr = encodeQr(link);
  const m = qr.modules;
  const n = qr.size;

  it("fits a 71-byte link in version 5", () => {
    expect(qr.version).toBe(5);
    expect(m).toHaveLength(37);
    expect(m.every((row) => row.length === 37)).toBe(true);
  });

  it("has the three finders, their separators, the timing patterns and the dark module", () => {
    for (const [ox, oy] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ] as const) {
      for (let dy = 0; dy < 7; dy++) {
        for (let dx = 0; dx < 7; dx++) {
          const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
          expect(m[oy + dy]![ox + dx], `finder at ${ox},${oy}`).toBe(ring !== 2);
        }
      }
    }
    for (let i = 0; i < 8; i++) {
      expect(m[7]![i]).toBe(false);
      expect(m[i]![7]).toBe(false);
      expect(m[7]![n - 1 - i]).toBe(false);
      expect(m[n - 8]![i]).toBe(false);
    }
    for (let i = 8; i < n - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
    expect(m[n - 8]![8]).toBe(true);
    // Version 5: one alignment pattern, centred at (30, 30).
    expect(m[30]![30]).toBe(true);
    expect(m[29]![30]).toBe(false);
    expect(m[28]![30]).toBe(true);
  });

  it("carries valid, identical format information for level M and the chosen mask in both copies", () => {
    const first: [number, number][] = [
      [8, 0],
      [8, 1],
      [8, 2],
      [8, 3],
      [8, 4],
      [8, 5],
      [8, 7],
      [8, 8],
      [7, 8],
      [5, 8],
      [4, 8],
      [3, 8],
      [2, 8],
      [1, 8],
      [0, 8],
    ];
    const second: [number, number][] = [
      ...Array.from({ length: 8 }, (_, i) => [n - 1 - i, 8] as [number, number]),
      ...Array.from({ length: 7 }, (_, i) => [8, n - 7 + i] as [number, number]),
    ];
    const a = readBits(m, first);
    expect(readBits(m, second)).toBe(a);
    const word = a ^ 0x5412;
    expect(bchRemainder(word)).toBe(0);
    expect(word >>> 13).toBe(0b00); // level M
    expect((word >>> 10) & 7).toBe(qr.mask);
  });
});

describe("text", () => {
  it("is encoded as UTF-8 bytes", () => {
    expect(encodeQr("太".repeat(4)).version).toBe(1); // 12 bytes
    expect(encodeQr("太".repeat(5)).version).toBe(2); // 15 bytes: past version 1-M's 14
  });
});

describe("qrSvgPath", () => {
  it("draws exactly the dark modules, offset by the quiet zone", () => {
    const { modules, size } = encodeQr(
      "https://taichi.example/?code=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    );
    const drawn = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    for (const [, x, y, w] of qrSvgPath(modules, 4).matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) {
        expect(drawn[Number(y) - 4]![Number(x) - 4 + i], "drawn twice").toBe(false);
        drawn[Number(y) - 4]![Number(x) - 4 + i] = true;
      }
    }
    expect(drawn).toEqual(modules);
  });
});
