import { createHash } from "node:crypto";

/**
 * The id of the notification a source event makes for one recipient, derived from both, so a
 * redelivered event (Kafka at-least-once, or the producer's relay publishing twice) computes the
 * same id and hits the unique `_id` instead of notifying twice (STYLE.md §5).
 *
 * Shaped as a UUIDv8 (RFC 9562's "name-based with SHA-256" example) so it looks like every other
 * id we hand out. Storage value: changing the derivation would let an old event notify again.
 */
export function notificationIdFor(sourceEventId: string, recipientId: string): string {
  const bytes = createHash("sha256").update(`${sourceEventId}:${recipientId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
