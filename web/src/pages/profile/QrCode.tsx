import { useMemo } from "react";
import { QR_QUIET_ZONE, qrCodePath } from "./qr-code.ts";

/** A QR code of `text`, drawn as SVG (black on white, whatever the theme: scanners need the contrast). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrCodePath(text), [text]);
  const full = size + 2 * QR_QUIET_ZONE;
  return (
    <svg className="qr-code" viewBox={`${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${full} ${full}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-QR_QUIET_ZONE} y={-QR_QUIET_ZONE} width={full} height={full} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
