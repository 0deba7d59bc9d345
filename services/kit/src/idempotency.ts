import { createHash, randomUUID } from "node:crypto";
import type { Context } from "hono";
import { IDEMPOTENCY_KEY_HEADER, ZIdempotencyKeySchema } from "@amia/contracts";
import { AppError } from "./errors.ts";
import { assertBeforeDeadline } from "./http/deadline.ts";
import { WRITE_CONFLICT } from "./retry-on-conflict.ts";

/**
 * Idempotent creates (issue 14). A create that carries an `Idempotency-Key` gets an id derived
 * from (what it creates, who, key), so the database itself refuses a second document for the
 * same key: no separate response cache, nothing to write before or after the create, and a
 * crash anywhere leaves either no document (the retry creates it) or the document (the retry
 * answers it). The document keeps the fingerprint of the body that created it, so the same key
 * with another body is told apart (422 `idempotency_key_reused`). A key lives as long as its
 * document: nothing to expire.
 */

/** Storage name of the field a keyed create's document keeps its body's fingerprint in. */
export const IDEMPOTENCY_FINGERPRINT_FIELD = "idempotency_fingerprint";

/** What a keyed create's document stores beside its own fields (storage name). */
export interface WithIdempotency {
  /** sha256 of the creating body (canonical JSON); absent on documents created without a key. */
  idempotency_fingerprint?: string | undefined;
}

/** A keyed create: the id its document gets and its body's fingerprint. */
export interface TIdempotentCreate {
  id: string;
  fingerprint: string;
}

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key for a new request`;

/** The request's key; undefined without one; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const value = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return undefined;
  const parsed = ZIdempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? `${IDEMPOTENCY_KEY_HEADER} is malformed`;
  throw new AppError("validation_failed", message, { fields: [{ path: IDEMPOTENCY_KEY_HEADER, message }] });
}

/**
 * The id of what `userId` creates with `key`, shaped like a UUID: sha256 over (scope, user, key),
 * so keys are per user and per kind of thing. Stored ids: changing this derivation makes every
 * retry of a create made before the change create again.
 */
export function idempotentId(scope: string, userId: string, key: string): string {
  const hex = createHash("sha256").update(`${scope}\u0000${userId}\u0000${key}`).digest("hex");
  // Version nibble 8 ("custom", RFC 9562) and the RFC variant, so it reads as a UUID anywhere.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function fingerprintOf(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

/** The keyed create for this request (null without a key): `scope` names what is created. */
export function idempotentCreate(scope: string, userId: string, key: string | undefined, body: unknown): TIdempotentCreate | null {
  return key === undefined ? null : { id: idempotentId(scope, userId, key), fingerprint: fingerprintOf(body) };
}

export interface CreateOnceSteps<TStored extends WithIdempotency, TResult> {
  /** The document stored under `id` for this user, if any (deleted ones included). */
  find: (id: string) => Promise<TStored | null>;
  /**
   * The checks and the insert under `id`, with the fingerprint to store (undefined without a
   * key). A lost insert shows as `WRITE_CONFLICT` or a thrown duplicate-key error.
   */
  create: (id: string, fingerprint: string | undefined) => Promise<TResult>;
  /** The answer for a create already made with this key (same body): the first one's. */
  replay: (stored: TStored) => TResult | Promise<TResult>;
}

/**
 * Runs a create once per key: a keyed create whose document exists answers it (`replay`), before
 * any check that would refuse a second one (a quota, "already pending"); otherwise it creates,
 * and when the insert loses to a concurrent twin (same id) it answers the twin's document.
 * Without a key, a fresh random id. No write starts after the caller's deadline.
 */
export async function createOnce<TStored extends WithIdempotency, TResult>(keyed: TIdempotentCreate | null, steps: CreateOnceSteps<TStored, TResult>): Promise<TResult> {
  const answerFor = async (stored: TStored) => {
    if (stored.idempotency_fingerprint !== keyed?.fingerprint) throw new AppError("idempotency_key_reused", IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return steps.replay(stored);
  };
  if (keyed) {
    const stored = await steps.find(keyed.id);
    if (stored) return answerFor(stored);
  }
  assertBeforeDeadline();
  let result: TResult;
  try {
    result = await steps.create(keyed?.id ?? randomUUID(), keyed?.fingerprint);
  } catch (error) {
    // A twin with this key may have been stored meanwhile. Then whatever stopped this attempt — the
    // unique id, or a rule that already saw the twin's effect ("a request is already pending") —
    // the answer is the twin's, as if this call had come after it.
    if (keyed) {
      const twin = await steps.find(keyed.id).catch(() => null);
      if (twin) return answerFor(twin);
    }
    throw error;
  }
  if (keyed && result === WRITE_CONFLICT) {
    const twin = await steps.find(keyed.id);
    if (twin) return answerFor(twin);
  }
  return result;
}
