import { createHash } from "node:crypto";

/**
 * The id of the relationship an approval creates, derived from the request's id (a name-based,
 * version-5-style UUID). A retried approval after a crash then finds "its" relationship instead of
 * creating a second one. Storage value: changing the derivation breaks that recognition.
 */
export function relationshipIdFor(requestId: string): string {
  const hash = createHash("sha1").update(`relationship-of-request:${requestId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
