import { z } from "zod";
import { ZEventEnvelopeSchema } from "../envelope.ts";
import { ZAiUsageRecordedDataSchema } from "./ai-usage-events.ts";
import { ZAiCreditsThresholdReachedDataSchema } from "./ai-credits-events.ts";
import {
  ZCalendarDisconnectedDataSchema,
  ZCalendarEventSyncedDataSchema,
  ZCalendarGoogleAttendeesRespondedDataSchema,
  ZCalendarGoogleEventChangedDataSchema,
  ZCalendarGoogleEventDeletedDataSchema,
  ZCalendarSyncFailedDataSchema,
} from "./calendar-events.ts";
import {
  ZEventRequestApprovedDataSchema,
  ZEventRequestCreatedDataSchema,
  ZEventRequestDeletedDataSchema,
  ZEventRequestRejectedDataSchema,
  ZEventRequestReviewerRemovedDataSchema,
  ZEventRequestReviewRecordedDataSchema,
  ZEventRequestUpdatedDataSchema,
} from "./event-request-events.ts";
import { ZNotificationCreatedDataSchema } from "./notification-events.ts";
import {
  ZRelationshipCreatedDataSchema,
  ZRelationshipDeletedDataSchema,
  ZRelationshipRequestAcceptedDataSchema,
  ZRelationshipRequestCreatedDataSchema,
  ZRelationshipRequestDeletedDataSchema,
  ZRelationshipRequestDeliveredDataSchema,
  ZRelationshipRequestRejectedDataSchema,
} from "./relationship-events.ts";
import { TOPICS, type TTopic } from "./topics.ts";
import { ZUserRegisteredDataSchema, ZUserSettingsUpdatedDataSchema, ZUserUpdatedDataSchema } from "./user-events.ts";

/*
 * The Kafka event catalogue: every event type, its payload, its topic. Event types are wire
 * names, past tense (STYLE.md): they sit in stored messages and consumers switch on them, so
 * never rename one. A breaking payload change is a new `version`, not an edit; an added field
 * is fine (payloads are parsed without rejecting unknown keys, so older consumers skip it).
 *
 * A consumer parses every message with `ZDomainEventSchema`: an unknown type, another version,
 * or a payload missing a field fails there, and the message goes to the dead-letter topic.
 */

/** The payload version every event type is at today. */
export const EVENT_VERSION = 1;

function domainEventSchema<TType extends string, TData extends z.ZodType>(type: TType, data: TData) {
  return ZEventEnvelopeSchema.extend({
    type: z.literal(type),
    version: z.literal(EVENT_VERSION),
    data,
  });
}

export const ZDomainEventSchema = z.discriminatedUnion("type", [
  domainEventSchema("user.registered", ZUserRegisteredDataSchema),
  domainEventSchema("user.updated", ZUserUpdatedDataSchema),
  domainEventSchema("user.settings-updated", ZUserSettingsUpdatedDataSchema),
  domainEventSchema("relationship-request.created", ZRelationshipRequestCreatedDataSchema),
  domainEventSchema("relationship-request.delivered", ZRelationshipRequestDeliveredDataSchema),
  domainEventSchema("relationship-request.accepted", ZRelationshipRequestAcceptedDataSchema),
  domainEventSchema("relationship-request.rejected", ZRelationshipRequestRejectedDataSchema),
  domainEventSchema("relationship-request.deleted", ZRelationshipRequestDeletedDataSchema),
  domainEventSchema("relationship.created", ZRelationshipCreatedDataSchema),
  domainEventSchema("relationship.deleted", ZRelationshipDeletedDataSchema),
  domainEventSchema("event-request.created", ZEventRequestCreatedDataSchema),
  domainEventSchema("event-request.updated", ZEventRequestUpdatedDataSchema),
  domainEventSchema("event-request.deleted", ZEventRequestDeletedDataSchema),
  domainEventSchema("event-request.review-recorded", ZEventRequestReviewRecordedDataSchema),
  domainEventSchema("event-request.approved", ZEventRequestApprovedDataSchema),
  domainEventSchema("event-request.rejected", ZEventRequestRejectedDataSchema),
  domainEventSchema("event-request.reviewer-removed", ZEventRequestReviewerRemovedDataSchema),
  domainEventSchema("notification.created", ZNotificationCreatedDataSchema),
  domainEventSchema("calendar.event-synced", ZCalendarEventSyncedDataSchema),
  domainEventSchema("calendar.sync-failed", ZCalendarSyncFailedDataSchema),
  domainEventSchema("calendar.disconnected", ZCalendarDisconnectedDataSchema),
  domainEventSchema("calendar.google-event-changed", ZCalendarGoogleEventChangedDataSchema),
  domainEventSchema("calendar.google-event-deleted", ZCalendarGoogleEventDeletedDataSchema),
  domainEventSchema("calendar.google-attendees-responded", ZCalendarGoogleAttendeesRespondedDataSchema),
  domainEventSchema("ai-usage.recorded", ZAiUsageRecordedDataSchema),
  domainEventSchema("ai-credits.threshold-reached", ZAiCreditsThresholdReachedDataSchema),
]);

export type TDomainEvent = z.infer<typeof ZDomainEventSchema>;
export type TDomainEventType = TDomainEvent["type"];
/** One event type's full message, e.g. `TEventOf<"event-request.approved">`. */
export type TEventOf<TType extends TDomainEventType> = Extract<TDomainEvent, { type: TType }>;
/** One event type's payload. */
export type TEventDataOf<TType extends TDomainEventType> = TEventOf<TType>["data"];

/**
 * The topic each event type is published on (its aggregate's). `satisfies` makes a missing or
 * stray entry a compile error.
 */
export const EVENT_TOPIC = {
  "user.registered": TOPICS.users,
  "user.updated": TOPICS.users,
  "user.settings-updated": TOPICS.users,
  "relationship-request.created": TOPICS.relationshipRequests,
  "relationship-request.delivered": TOPICS.relationshipRequests,
  "relationship-request.accepted": TOPICS.relationshipRequests,
  "relationship-request.rejected": TOPICS.relationshipRequests,
  "relationship-request.deleted": TOPICS.relationshipRequests,
  "relationship.created": TOPICS.relationships,
  "relationship.deleted": TOPICS.relationships,
  "event-request.created": TOPICS.eventRequests,
  "event-request.updated": TOPICS.eventRequests,
  "event-request.deleted": TOPICS.eventRequests,
  "event-request.review-recorded": TOPICS.eventRequests,
  "event-request.approved": TOPICS.eventRequests,
  "event-request.rejected": TOPICS.eventRequests,
  "event-request.reviewer-removed": TOPICS.eventRequests,
  "notification.created": TOPICS.notifications,
  "calendar.event-synced": TOPICS.calendar,
  "calendar.sync-failed": TOPICS.calendar,
  "calendar.disconnected": TOPICS.calendar,
  "calendar.google-event-changed": TOPICS.calendar,
  "calendar.google-event-deleted": TOPICS.calendar,
  "calendar.google-attendees-responded": TOPICS.calendar,
  "ai-usage.recorded": TOPICS.aiUsage,
  "ai-credits.threshold-reached": TOPICS.aiCredits,
} as const satisfies Record<TDomainEventType, TTopic>;

/** Every event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_TOPIC) as TDomainEventType[];

/**
 * Each type's payload schema, for a producer to check `data` before it writes the event to its
 * outbox (a bad payload then fails the request, not a consumer hours later).
 */
export const EVENT_DATA_SCHEMAS = Object.fromEntries(
  ZDomainEventSchema.options.map((option) => [option.shape.type.value, option.shape.data]),
) as unknown as { readonly [TType in TDomainEventType]: z.ZodType<TEventDataOf<TType>> };
