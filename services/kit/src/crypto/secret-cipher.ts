import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets at rest (DESIGN.md "Secrets"): Google tokens in the calendar service, second-factor
 * secrets in identity. AES-256-GCM with a random 96-bit IV per value and the 128-bit auth tag,
 * stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The `v1` prefix is a storage format: a
 * new scheme (or key rotation) gets a new prefix, never a reinterpretation.
 */
export interface SecretCipher {
  encrypt: (plaintext: string) => string;
  /** Throws when the key is wrong or the value was tampered with (the tag does not verify). */
  decrypt: (sealed: string) => string;
}

const FORMAT = "v1";

export function createSecretCipher(key: Buffer): SecretCipher {
  if (key.length !== 32) throw new Error("An AES-256-GCM key must be 32 bytes");
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [FORMAT, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    decrypt(sealed) {
      const [format, iv, tag, ciphertext] = sealed.split(".");
      if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new Error("Unknown secret storage format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
