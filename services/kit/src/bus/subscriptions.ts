import { EVENT_TOPIC, type TDomainEventType, type TTopic } from "@amia/contracts";

/**
 * The topics a consumer reads, derived from the event types it handles through the event
 * catalogue (`EVENT_TOPIC`). There is no second list to keep in step: a handler whose topic
 * nobody subscribed to cannot exist. Sorted, so the same handlers always give the same list.
 */
export function topicsOfHandlers(handlers: Partial<Record<TDomainEventType, unknown>>): TTopic[] {
  const types = (Object.keys(handlers) as TDomainEventType[]).filter((type) => handlers[type] !== undefined);
  return [...new Set(types.map((type) => {
    const topic = EVENT_TOPIC[type];
    // Only possible past the compiler (a cast, a stale build): fail at start-up, never skip it.
    if (topic === undefined) throw new Error(`No topic in the event catalogue for handled event type "${String(type)}"`);
    return topic;
  }))].sort();
}
