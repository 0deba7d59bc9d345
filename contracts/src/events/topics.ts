/**
 * One Kafka topic per aggregate (DESIGN.md "Events"). Wire names: topics exist on the broker
 * and hold stored messages, so a value here is never renamed; a new aggregate gets a new entry.
 * Each message's key is its envelope's `subject`, the aggregate id.
 */
export const TOPICS = {
  users: "users",
  relationshipRequests: "relationship-requests",
  relationships: "relationships",
  eventRequests: "event-requests",
  notifications: "notifications",
  calendar: "calendar",
  aiUsage: "ai-usage",
  aiCredits: "ai-credits",
} as const;

export type TTopic = (typeof TOPICS)[keyof typeof TOPICS];

/** Every topic, e.g. to create them at start-up. */
export const ALL_TOPICS: readonly TTopic[] = Object.values(TOPICS);
