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

const DAY_MS = 86_400_000;

/**
 * How long each topic keeps its messages (Kafka's `retention.ms`; -1: for ever). Topic settings,
 * declared once: deploy/k8s/base/kafka-topics/topics.txt says the same (manifests.test checks),
 * and the services' ensureTopics applies them where they create or find the topics (locally, the
 * broker's default is 7 days).
 * - users and relationships: entity state that projections (events, calendar) are rebuilt from by
 *   reading them from the start (a fresh database, npm run rebuild-projection): kept for ever.
 *   Not compacted: their events are changes, not whole states (user.settings-updated carries no
 *   name), so compaction would drop facts a projection needs.
 * - notifications: live pushes only (the notifications themselves are in a database): a day.
 * - the others: read as they happen; 30 days covers any outage and a late new consumer group.
 */
export const TOPIC_RETENTION_MS = {
  users: -1,
  relationships: -1,
  "relationship-requests": 30 * DAY_MS,
  "event-requests": 30 * DAY_MS,
  calendar: 30 * DAY_MS,
  "ai-usage": 30 * DAY_MS,
  "ai-credits": 30 * DAY_MS,
  notifications: DAY_MS,
} as const satisfies Record<TTopic, number>;

/** Dead-letter topics are read by people and tools: kept 90 days to be looked at. */
export const DLQ_RETENTION_MS = 90 * DAY_MS;

/**
 * How many partitions each topic has: Kafka's unit of parallel work. The replicas of one consumer
 * group share a topic's partitions (each partition read by one replica at a time, in order), so a
 * group gains nothing from more replicas than this: `npm start -- --replicas` and the k8s
 * ScaledObjects stay within it. Partitions can only grow, and growing moves keys to other
 * partitions (one aggregate's events lose their order across the change), so they start with
 * room. deploy/k8s/base/kafka-topics/topics.txt declares the same (a unit test keeps them in step);
 * the services' ensureTopics creates a topic with this many and raises a smaller one to it.
 */
export const TOPIC_PARTITIONS = {
  users: 12,
  relationships: 12,
  "relationship-requests": 12,
  "event-requests": 12,
  calendar: 12,
  "ai-usage": 12,
  "ai-credits": 12,
  notifications: 12,
} as const satisfies Record<TTopic, number>;

/** Dead-letter topics are read by people and tools, not by consumer groups: one partition. */
export const DLQ_PARTITIONS = 1;
