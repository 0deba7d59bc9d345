import { randomUUID } from "node:crypto";
import type { TDomainEvent, TEventOf } from "@amia/contracts";

export interface NewEventFields<T extends TDomainEvent["type"]> {
  subject: string;
  actor_id: string | null;
  data: TEventOf<T>["data"];
}

/** Builds an envelope for a catalogue event: a fresh id, version 1, now as occurred_at. */
export function createEvent<T extends TDomainEvent["type"]>(
  producer: string,
  type: T,
  fields: NewEventFields<T>,
): TEventOf<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurred_at: new Date().toISOString(),
    producer,
    subject: fields.subject,
    actor_id: fields.actor_id,
    data: fields.data,
  } as TEventOf<T>;
}
