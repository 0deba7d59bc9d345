import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretCipher } from "./secret-cipher.ts";

describe("secret cipher (AES-256-GCM)", () => {
  const cipher = createSecretCipher(randomBytes(32));

  it("round-trips a token, and the sealed value holds no plaintext", () => {
    const sealed = cipher.encrypt("1//refresh-token-secret");
    expect(sealed).not.toContain("refresh-token-secret");
    expect(sealed).toMatch(/^v1\./);
    expect(cipher.decrypt(sealed)).toBe("1//refresh-token-secret");
  });

  it("uses a fresh IV each time: one token sealed twice differs", () => {
    expect(cipher.encrypt("same")).not.toBe(cipher.encrypt("same"));
  });

  it("refuses a wrong key and a tampered value", () => {
    const sealed = cipher.encrypt("ya29.access");
    expect(() => createSecretCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([...parts.slice(0, 3), flipped.toString("base64url")].join("."))).toThrow();
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => createSecretCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
