import { z } from "zod";

/*
 * Building blocks shared by every HTTP body and event payload.
 *
 * Response convention: an optional value is sent as null, never left out, so a client reads
 * every field without guessing whether "missing" and "empty" differ. Request bodies may leave
 * optional fields out.
 */

/**
 * Our ids are opaque strings (each service picks its own format, e.g. a UUID). Clients and
 * other services never parse them, so the contract only bounds them.
 */
export const ZIdSchema = z
  .string({ error: "id must be a string" })
  .min(1, { error: "id must not be empty" })
  .max(128, { error: "id must be at most 128 characters" });

/** Path parameters of every `/{id}` route. */
export const ZIdParamsSchema = z.object({ id: ZIdSchema });
export type TIdParams = z.infer<typeof ZIdParamsSchema>;

/** A moment we recorded (created_at, responded_at ...): ISO 8601 with Z or an offset. */
export const ZTimestampSchema = z.iso.datetime({ offset: true });

/**
 * An email a user typed. Trimmed and lower-cased before it is checked, so " Ana@X.com " and
 * "ana@x.com" are the same person (issue 3: emails compare case-insensitively and trimmed).
 */
export function emailInput(field: string) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: `${field} must be a valid email address` }));
}

/**
 * An email we send back. Deliberately not re-validated: it came from the identity provider or
 * from a validated input, and a stricter regex must never make a stored user unreadable.
 */
export const ZEmailSchema = z.string();

/**
 * A boolean in a query string. Only "true" and "false" are accepted (an empty value too is
 * refused, as ambiguous): `z.coerce.boolean()` would turn "false" into true, the classic way a
 * filter silently inverts.
 */
export function queryBoolean(field: string) {
  return z.stringbool({
    truthy: ["true"],
    falsy: ["false"],
    case: "sensitive",
    error: `${field} must be "true" or "false"`,
  });
}

/**
 * A query integer is written in decimal digits (a minus allowed, for the message): anything else
 * stays text and is refused, where `Number()` would read " " or a tab as 0, "0x10" as 16 and "1e2"
 * as 100. An empty value counts as absent.
 */
const queryIntegerText = (value: unknown) => (value === "" ? undefined : typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value);

function queryIntegerSchema(field: string, bounds: { min: number; max?: number }) {
  const range =
    bounds.max === undefined
      ? `an integer of at least ${bounds.min}`
      : `an integer between ${bounds.min} and ${bounds.max}`;
  const schema = z
    .number({ error: `${field} must be ${range}` })
    .int({ error: `${field} must be ${range}` })
    .min(bounds.min, { error: `${field} must be ${range}` });
  return bounds.max === undefined ? schema : schema.max(bounds.max, { error: `${field} must be ${range}` });
}

/** An optional integer in a query string, read from its digits. An empty value (`?take=`) counts as absent. */
export function queryInteger(field: string, bounds: { min: number; max?: number }) {
  return z.preprocess(queryIntegerText, queryIntegerSchema(field, bounds).optional());
}

/** An integer in a query string with a default for an absent or empty value. */
export function queryIntegerWithDefault(field: string, bounds: { min: number; max?: number }, fallback: number) {
  return z.preprocess(queryIntegerText, queryIntegerSchema(field, bounds).default(fallback));
}

/** Free text a user typed into an optional field (title, notes ...): trimmed, bounded. */
export function optionalText(field: string, max: number) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` });
}
