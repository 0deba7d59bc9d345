import { createHash } from "node:crypto";

/** Who signed in: what the ID token and userinfo say about them. */
export interface LocalAccount {
  /** Stable per email (see subjectForEmail). Visible on the wire as the `sub` claim. */
  sub: string;
  email: string;
  name: string;
}

/** Emails compare case-insensitively and without surrounding blanks. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The `sub` claim for an email: the first 32 hex digits of SHA-256 over the normalised email, so
 * the same person gets the same subject across restarts and test runs, and a subject does not
 * spell out the email (it is a dev stand-in: a guessable hash is fine). Changing this changes
 * every local user's identity.
 */
export function subjectForEmail(email: string): string {
  return createHash("sha256").update(normalizeEmail(email)).digest("hex").slice(0, 32);
}

/** The name as typed, or one made from the email's local part ("ada.lovelace@x" → "Ada Lovelace"). */
export function displayNameFor(email: string, name?: string): string {
  const typed = name?.trim().replace(/\s+/g, " ");
  if (typed) return typed;
  const localPart = normalizeEmail(email).split("@")[0] ?? "";
  const words = localPart.split(/[._+-]+/).filter(Boolean);
  if (words.length === 0) return normalizeEmail(email);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ");
}

export function localAccountFor(email: string, name?: string): LocalAccount {
  return { sub: subjectForEmail(email), email: normalizeEmail(email), name: displayNameFor(email, name) };
}

/**
 * Who has signed in since start, by subject: what findAccount answers from. In memory only, like
 * the rest of the provider's state; a restart forgets them (and every token they held).
 */
export class AccountDirectory {
  readonly #bySub = new Map<string, LocalAccount>();

  remember(account: LocalAccount): void {
    this.#bySub.set(account.sub, account);
  }

  find(sub: string): LocalAccount | undefined {
    return this.#bySub.get(sub);
  }
}
