import qrcode from "qrcode-generator";

/** The quiet zone around a QR code, in modules: readers need 4 (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

/**
 * The dark modules of `text`'s QR code (medium error correction) as one SVG path, one unit per
 * module, with the code's width in modules. Drawn as elements, not an image URL or markup, so
 * nothing is inlined past the Content-Security-Policy.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  }
  return { size, path: parts.join("") };
}
