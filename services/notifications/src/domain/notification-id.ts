import { createHash } from "node:crypto";

/**
 * The id of the notification that tells one recipient one thing, derived from both: the
 * meaning (NotificationDraft.meaning: "review-requested:<request id>", or a source event's id
 * when each event is news of its own) and the recipient. A redelivered event (Kafka
 * at-least-once, or the producer's relay publishing twice), or a second event saying the same
 * thing, computes the same id and hits the unique `_id` instead of notifying twice (STYLE.md §5).
 *
 * Shaped as a UUIDv8 (RFC 9562's "name-based with SHA-256" example) so it looks like every other
 * id we hand out. Storage value: changing the derivation would let an old event notify again.
 */
export function notificationIdFor(meaning: string, recipientId: string): string {
  const bytes = createHash("sha256").update(`${meaning}:${recipientId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
