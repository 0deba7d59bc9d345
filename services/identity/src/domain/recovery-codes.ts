import { createHmac, randomInt } from "node:crypto";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, normalizeRecoveryCode } from "@amia/contracts";

/**
 * Recovery codes: for the day the phone is lost. Ten per verified factor, each 12 characters of a
 * 31-symbol alphabet (about 59 bits, no 0/o or 1/i/l to mix up), shown once as "abcd-efgh-jkmn"
 * and kept only as a keyed hash, so a copy of the database yields no code that signs anyone in.
 */

/** Fresh codes as the user reads them: groups of four joined by dashes. */
export function newRecoveryCodes(pick: (max: number) => number = randomInt): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[pick(RECOVERY_CODE_ALPHABET.length)]).join("");
    return chars.match(/.{1,4}/g)!.join("-");
  });
}

/**
 * What is stored for a code: HMAC-SHA-256 under a key derived from the factor key (not a plain
 * hash: without the key, even the whole 59-bit space cannot be tried against a stolen copy).
 * The input is normalised first, so "ABCD EFGH JKMN" finds "abcd-efgh-jkmn".
 */
export function recoveryCodeHash(hashKey: Buffer, code: string): string {
  return createHmac("sha256", hashKey).update(normalizeRecoveryCode(code)).digest("base64url");
}
