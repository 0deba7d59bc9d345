import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpStepAt } from "./totp.ts";

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890") and its 8-digit answers, cut to 6.
const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");
const at = (seconds: number) => seconds * 1000;

describe("TOTP (RFC 6238, SHA-1, 6 digits, 30 s)", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("gives RFC 6238's code at T=%i", (seconds, code) => {
    expect(hotp(RFC_SECRET, totpStepAt(at(seconds)))).toBe(code);
  });

  it("accepts the code of the step before, now and after (clock drift), and no other", () => {
    const now = at(1111111111);
    const step = totpStepAt(now);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step), now, -1)).toEqual({ isAccepted: true, step });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 1), now, -1)).toEqual({ isAccepted: true, step: step - 1 });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 1), now, -1)).toEqual({ isAccepted: true, step: step + 1 });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 2), now, -1)).toEqual({ isAccepted: false, reason: "wrong" });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 2), now, -1)).toEqual({ isAccepted: false, reason: "wrong" });
    expect(matchTotp(RFC_SECRET, "000000", now, -1).isAccepted).toBe(hotp(RFC_SECRET, step) === "000000");
  });

  it("refuses a code of a step already used, or of one before it: no replay within 30 s", () => {
    const now = at(1234567890);
    const step = totpStepAt(now);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step), now, step)).toEqual({ isAccepted: false, reason: "used" });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 1), now, step)).toEqual({ isAccepted: false, reason: "used" });
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 1), now, step)).toEqual({ isAccepted: true, step: step + 1 });
  });

  it("encodes secrets in RFC 4648 base32 (no padding) and back", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Encode(RFC_SECRET)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezdgnbvgy3tqojqgezdgnbvgy3tqojq").equals(RFC_SECRET)).toBe(true);
    expect(() => base32Decode("GEZ1")).toThrow();
  });

  it("writes the otpauth URI authenticator apps scan", () => {
    const text = otpauthUri({ issuer: "Amia", account: "ana@example.com", secret: RFC_SECRET });
    expect(text.startsWith("otpauth://totp/Amia:ana%40example.com?")).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", issuer: "Amia", algorithm: "SHA1", digits: "6", period: "30" });
  });
});
