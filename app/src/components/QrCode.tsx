import { useMemo } from "react";
import { encodeQr, qrSvgPath } from "../lib/qr";

const QUIET_ZONE = 4;

/** `text` as a QR code (level M), dark on a light square with the standard 4-module quiet zone. */
export function QrCode({ text, label, size = 132 }: { text: string; label: string; size?: number }) {
  const qr = useMemo(() => encodeQr(text), [text]);
  const side = qr.size + QUIET_ZONE * 2;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      data-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrSvgPath(qr.modules, QUIET_ZONE)} fill="#000" />
    </svg>
  );
}
