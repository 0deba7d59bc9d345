import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as every authenticator app
 * reads an `otpauth://` URI by default: HMAC-SHA-1, 6 digits, 30-second steps. A code is
 * accepted for the step before and after the current one (±30 s of clock drift) and only for a
 * step after the last one used, so a code cannot be replayed, even within its own 30 seconds.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that still count (clock drift between the phone and us). */
export const TOTP_DRIFT_STEPS = 1;
/** Size of a new secret: 160 bits, the HMAC-SHA-1 block RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

/** The 30-second step `nowMs` falls in (RFC 6238's T). */
export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** RFC 4226 HOTP: the code for `counter`, zero-padded to 6 digits. */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", secret).update(message).digest();
  // Dynamic truncation: the low 4 bits of the last byte say where the 31-bit number starts.
  const offset = digest[digest.length - 1]! & 0x0f;
  const number = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

export type TotpMatch =
  | { isAccepted: true; step: number }
  /** `wrong`: not a code of any step in the window; `used`: that step's code was used already. */
  | { isAccepted: false; reason: "wrong" | "used" };

/**
 * Whether `code` is the code of a step within ±1 of now that comes after `lastUsedStep`. Every
 * candidate is compared in constant time, and all of them, so the time taken says nothing.
 */
export function matchTotp(secret: Buffer, code: string, nowMs: number, lastUsedStep: number): TotpMatch {
  const now = totpStepAt(nowMs);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, " ").slice(0, TOTP_DIGITS));
  let matched: number | undefined;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), given) && matched === undefined) matched = step;
  }
  if (matched === undefined) return { isAccepted: false, reason: "wrong" };
  return matched > lastUsedStep ? { isAccepted: true, step: matched } : { isAccepted: false, reason: "used" };
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, "");
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The `otpauth://totp/...` URI an app scans from the QR code (Google Authenticator's Key Uri
 * Format): the label "Issuer:account", the secret, and the parameters spelled out.
 */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: Buffer }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
