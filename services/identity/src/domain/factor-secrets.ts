import { hkdfSync } from "node:crypto";
import { createSecretCipher, type SecretCipher } from "@amia/kit";

/**
 * The keys of the second factor, all from MFA_ENCRYPTION_KEY: the TOTP secrets are sealed with
 * it (AES-256-GCM); recovery codes are hashed under a key derived from it (HKDF), so one secret
 * to keep, and neither use of it can stand in for the other.
 */
export interface FactorSecrets {
  cipher: SecretCipher;
  recoveryHashKey: Buffer;
}

export function factorSecretsOf(key: Buffer): FactorSecrets {
  // The `info` string is a storage name: changing it makes every stored recovery code fail.
  const recoveryHashKey = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "amia recovery codes v1", 32));
  return { cipher: createSecretCipher(key), recoveryHashKey };
}
