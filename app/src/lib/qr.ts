/**
 * A small QR code encoder (ISO/IEC 18004): byte mode (UTF-8), error correction level M, versions 1
 * to 10 (up to 213 bytes), mask chosen by the standard's penalty score. Enough for invitation links.
 */

/** Modules, row by row: `modules[y][x]` is true for a dark module. */
export type QrMatrix = boolean[][];

export const QR_MAX_VERSION = 10;

/** Level M, versions 1..10: error correction codewords per block, and the data codewords of each block. */
const BLOCKS_M: readonly { ec: number; data: readonly number[] }[] = [
  { ec: 10, data: [16] },
  { ec: 16, data: [28] },
  { ec: 26, data: [44] },
  { ec: 18, data: [32, 32] },
  { ec: 24, data: [43, 43] },
  { ec: 16, data: [27, 27, 27, 27] },
  { ec: 18, data: [31, 31, 31, 31] },
  { ec: 22, data: [38, 38, 39, 39] },
  { ec: 22, data: [36, 36, 36, 37, 37] },
  { ec: 26, data: [43, 43, 43, 43, 44] },
];

/** Format information bits of level M (L = 01, M = 00, Q = 11, H = 10). */
const EC_LEVEL_M = 0b00;

const sizeOf = (version: number) => version * 4 + 17;

/** Data codewords a version holds at level M. */
export function qrCapacity(version: number): number {
  return BLOCKS_M[version - 1]!.data.reduce((a, b) => a + b, 0);
}

/** Centres of the alignment patterns along one axis (version 2 and up). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let pos = sizeOf(version) - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

export const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);
export const gfExp = (i: number) => EXP[i % 255]!;

/** Reed-Solomon error correction codewords of `data`: the remainder by the generator (x - a^0)...(x - a^(n-1)). */
export function reedSolomon(data: readonly number[], ecCount: number): number[] {
  // Generator coefficients, highest degree first, without its leading 1.
  let gen = [1];
  for (let i = 0; i < ecCount; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    for (let j = 0; j < gen.length; j++) {
      next[j]! ^= gen[j]!;
      next[j + 1]! ^= gfMul(gen[j]!, gfExp(i));
    }
    gen = next;
  }
  const rem = new Array<number>(ecCount).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < ecCount; j++) rem[j]! ^= gfMul(gen[j + 1]!, factor);
  }
  return rem;
}

/** The data codewords: mode 0100, length, the bytes, terminator and padding (0xEC, 0x11). */
function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const capacity = qrCapacity(version);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; out.length < capacity; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Splits into blocks, appends each block's error correction, interleaves (data first, then EC). */
function finalCodewords(data: number[], version: number): number[] {
  const { ec, data: sizes } = BLOCKS_M[version - 1]!;
  const blocks: number[][] = [];
  let offset = 0;
  for (const size of sizes) {
    blocks.push(data.slice(offset, offset + size));
    offset += size;
  }
  const ecBlocks = blocks.map((block) => reedSolomon(block, ec));
  const out: number[] = [];
  const longest = Math.max(...sizes);
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.length) out.push(block[i]!);
  for (let i = 0; i < ec; i++) for (const block of ecBlocks) out.push(block[i]!);
  return out;
}

/** BCH(15,5) format bits of level M with `mask`, already XORed with 101010000010010. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** BCH(18,6) version information bits (versions 7 and up). */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Builder {
  readonly size: number;
  readonly modules: QrMatrix;
  readonly reserved: boolean[][];

  constructor(readonly version: number) {
    this.size = sizeOf(version);
    this.modules = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  set(x: number, y: number, dark: boolean) {
    this.modules[y]![x] = dark;
    this.reserved[y]![x] = true;
  }

  drawFunctionPatterns() {
    const { size, version } = this;
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    // Finders with their light separators.
    for (const [cx, cy] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          if (x >= 0 && x < size && y >= 0 && y < size) this.set(x, y, ring !== 2 && ring !== 4);
        }
      }
    }
    const align = alignmentPositions(version);
    for (const cy of align) {
      for (const cx of align) {
        // Not over the finders.
        if ((cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6))
          continue;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++)
            this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
    this.drawFormat(0);
    if (version >= 7) {
      const bits = versionBits(version);
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }
  }

  /** Both copies of the format information, and the dark module beside the lower-left finder. */
  drawFormat(mask: number) {
    const { size } = this;
    const bits = formatBits(mask);
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, true);
  }

  /** Codeword bits in the two-column zigzag from the bottom right, skipping function modules. */
  drawCodewords(codewords: number[]) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let vert = 0; vert < size; vert++) {
        const y = upward ? size - 1 - vert : vert;
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          if (this.reserved[y]![x]) continue;
          // Remainder bits (past the last codeword) stay light.
          if (i < codewords.length * 8)
            this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  applyMask(mask: number) {
    const fn = MASKS[mask]!;
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++)
        if (!this.reserved[y]![x] && fn(x, y)) this.modules[y]![x] = !this.modules[y]![x];
    }
  }
}

/** The standard's penalty score of a finished symbol (rules N1 to N4); the lowest wins. */
export function penalty(m: QrMatrix): number {
  const size = m.length;
  let score = 0;
  const at = (x: number, y: number, horizontal: boolean) => (horizontal ? m[y]![x]! : m[x]![y]!);
  for (const horizontal of [true, false]) {
    for (let y = 0; y < size; y++) {
      // N1: 3 + (run - 5) for each run of 5 or more modules of one colour.
      let run = 1;
      for (let x = 1; x <= size; x++) {
        if (x < size && at(x, y, horizontal) === at(x - 1, y, horizontal)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // N3: 40 for each 1:1:3:1:1 finder-like pattern with 4 light modules on one side.
      for (let x = 0; x + 11 <= size; x++) {
        let word = 0;
        for (let k = 0; k < 11; k++) word = (word << 1) | (at(x + k, y, horizontal) ? 1 : 0);
        if (word === 0b10111010000 || word === 0b00001011101) score += 40;
      }
    }
  }
  // N2: 3 for each 2x2 block of one colour.
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = m[y]![x]!;
      if (c) dark++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        c === m[y]![x + 1] &&
        c === m[y + 1]![x] &&
        c === m[y + 1]![x + 1]
      ) {
        score += 3;
      }
    }
  }
  // N4: 10 for each full 5 % the dark share is away from 50 %.
  const total = size * size;
  score += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return score;
}

export type QrCode = { version: number; mask: number; size: number; modules: QrMatrix };

/**
 * Encodes `text` (UTF-8, byte mode, level M) in the smallest version that holds it. `mask` forces a
 * mask pattern (tests); otherwise the one with the lowest penalty. Throws past version 10.
 */
export function encodeQr(text: string, options: { mask?: number } = {}): QrCode {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  // Mode (4 bits) and length (8 or 16 bits) come before the bytes.
  while (
    version <= QR_MAX_VERSION &&
    4 + (version < 10 ? 8 : 16) + bytes.length * 8 > qrCapacity(version) * 8
  )
    version++;
  if (version > QR_MAX_VERSION)
    throw new RangeError(`QR: ${bytes.length} bytes do not fit version ${QR_MAX_VERSION}`);
  const codewords = finalCodewords(dataCodewords(bytes, version), version);
  const build = (mask: number) => {
    const b = new Builder(version);
    b.drawFunctionPatterns();
    b.drawCodewords(codewords);
    b.applyMask(mask);
    b.drawFormat(mask);
    return b;
  };
  let best: { mask: number; builder: Builder } | undefined;
  if (options.mask !== undefined) best = { mask: options.mask, builder: build(options.mask) };
  else {
    let bestScore = Infinity;
    for (let mask = 0; mask < 8; mask++) {
      const builder = build(mask);
      const score = penalty(builder.modules);
      if (score < bestScore) {
        bestScore = score;
        best = { mask, builder };
      }
    }
  }
  return { version, mask: best!.mask, size: best!.builder.size, modules: best!.builder.modules };
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
