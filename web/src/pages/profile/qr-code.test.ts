import { describe, expect, it } from "vitest";
import { qrCodePath } from "./qr-code.ts";

/** The dark modules a path draws, as "col,row". */
function darkModules(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((match) => `${match[1]},${match[2]}`));
}

describe("the set-up QR code", () => {
  const uri = "otpauth://totp/Amia:ana%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Amia&algorithm=SHA1&digits=6&period=30";

  it("is a square of modules 4k+17 wide, large enough for an otpauth URI", () => {
    const { size } = qrCodePath(uri);
    expect((size - 17) % 4).toBe(0);
    expect(size).toBeGreaterThanOrEqual(41);
  });

  it("draws the three finder patterns in their corners (a 7×7 dark ring around a light ring and a 3×3 dark centre)", () => {
    const { size, path } = qrCodePath(uri);
    const dark = darkModules(path);
    for (const [left, top] of [[0, 0], [size - 7, 0], [0, size - 7]] as const) {
      for (let i = 0; i < 7; i++) {
        for (const [col, row] of [[left + i, top], [left + i, top + 6], [left, top + i], [left + 6, top + i]]) expect(dark.has(`${col},${row}`)).toBe(true);
      }
      expect(dark.has(`${left + 1},${top + 1}`)).toBe(false);
      expect(dark.has(`${left + 3},${top + 3}`)).toBe(true);
    }
  });

  it("differs for another secret", () => {
    expect(qrCodePath(uri.replace("GEZD", "ABCD")).path).not.toBe(qrCodePath(uri).path);
  });
});
