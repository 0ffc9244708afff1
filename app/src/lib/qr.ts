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
