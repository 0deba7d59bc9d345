import type { z } from "zod";
import * as C from "@amia/contracts";

/**
 * Every route of the public API (SPEC.md section 7 plus what the screens need), in one table:
 * forwarding, the OpenAPI document and the "every protected route needs a session" test all
 * read it, so they cannot drift apart. Paths are Hono patterns under the BFF's origin; each is
 * forwarded to the same path on its owning service with the user's internal JWT.
 * Order matters: a literal segment comes before the `:id` that would swallow it.
 */

export type ServiceName = "identity" | "relationships" | "events" | "notifications" | "agent" | "usage" | "calendar" | "recipes";
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface RouteSpec {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  /** OpenAPI tag: the resource. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status and its body schema (none for 204). */
  success: { status: 200 | 201 | 204; schema?: z.ZodType };
  /** The response is streamed (text/event-stream) and must pass through unbuffered. */
  isStream?: boolean;
  /** Rate-limit class, counted per user and per IP in Redis. */
  rateLimit?: "chat";
  /**
   * Services the owning service may call as the signed-in user with the token it was given: the
   * BFF mints that token with audience [service, ...onBehalfOf], and the service forwards it.
   * Only the agent has this (its tools act as the user; docs/decisions.md).
   */
  onBehalfOf?: readonly ServiceName[];
  /**
   * How a repeat of this write has the effect of one (issue 14), so the BFF may send it again and
   * answer "try again" rather than `outcome_unknown` when an answer is lost:
   * "key": a create that honours an `Idempotency-Key` header (forwarded; repeatable when sent);
   * "decision": an answer (approve, decline ...) whose repeat by the same person is a success.
   */
  idempotency?: "key" | "decision";
}

/**
 * What the agent may reach as the user: never identity or recipes. Usage is read for the AI
 * credit budget before a model call. A chat turn itself only reads (the agent holds it to that);
 * writes happen only when the user confirms a proposal (the confirm and undo routes).
 */
export const AGENT_ON_BEHALF_OF: readonly ServiceName[] = ["events", "relationships", "notifications", "calendar", "usage"];

const id = C.ZIdParamsSchema;
const ok = (schema: z.ZodType) => ({ status: 200 as const, schema });
const created = (schema: z.ZodType) => ({ status: 201 as const, schema });
const noContent = { status: 204 as const };

export const ROUTES: readonly RouteSpec[] = [
  // Event requests (events service; auto-fill is the agent's).
  { method: "POST", path: "/api/v1/event-requests/commands/auto-fill", service: "agent", tag: "Event requests", summary: "Fill event fields from a plain-language description (smart-fill)", body: C.ZSmartParseRequestSchema, success: ok(C.ZSmartParseResultSchema), rateLimit: "chat", onBehalfOf: AGENT_ON_BEHALF_OF },
  { method: "POST", path: "/api/v1/event-requests", service: "events", tag: "Event requests", summary: "Create an event request with its reviewers", body: C.ZCreateEventRequestBodySchema, success: created(C.ZEventRequestResponseSchema), idempotency: "key" },
  { method: "GET", path: "/api/v1/event-requests", service: "events", tag: "Event requests", summary: "List my event requests (role=reviewer: those I am asked to review)", query: C.ZListEventRequestsQuerySchema, success: ok(C.ZListEventRequestsResponseSchema) },
  { method: "GET", path: "/api/v1/event-requests/with-approvals", service: "events", tag: "Event requests", summary: "Page through event requests with their approval counts", query: C.ZListEventRequestsWithApprovalsQuerySchema, success: ok(C.ZListEventRequestsWithApprovalsResponseSchema) },
  { method: "GET", path: "/api/v1/event-requests/:id", service: "events", tag: "Event requests", summary: "One event request", params: id, success: ok(C.ZEventRequestResponseSchema) },
  { method: "GET", path: "/api/v1/event-requests/:id/with-approvers", service: "events", tag: "Event requests", summary: "One event request with its approvers (each named by the events service)", params: id, success: ok(C.ZEventRequestResponseSchema) },
  { method: "PATCH", path: "/api/v1/event-requests/:id", service: "events", tag: "Event requests", summary: "Change fields of my event request", params: id, body: C.ZUpdateEventRequestBodySchema, success: ok(C.ZEventRequestResponseSchema) },
  { method: "DELETE", path: "/api/v1/event-requests/:id", service: "events", tag: "Event requests", summary: "Delete my event request", params: id, success: noContent },
  { method: "POST", path: "/api/v1/event-requests/:id/approvals/approve", service: "events", tag: "Event requests", summary: "Approve a request I review", params: id, body: C.ZReviewDecisionBodySchema, success: ok(C.ZEventRequestResponseSchema), idempotency: "decision" },
  { method: "POST", path: "/api/v1/event-requests/:id/approvals/reject", service: "events", tag: "Event requests", summary: "Reject a request I review", params: id, body: C.ZReviewDecisionBodySchema, success: ok(C.ZEventRequestResponseSchema), idempotency: "decision" },

  // Relationships and relationship requests (relationships service).
  { method: "POST", path: "/api/v1/relationships", service: "relationships", tag: "Relationships", summary: "Ask someone to connect (same as POST /relationship-requests)", body: C.ZCreateRelationshipBodySchema, success: created(C.ZRelationshipRequestResponseSchema), idempotency: "key" },
  { method: "GET", path: "/api/v1/relationships", service: "relationships", tag: "Relationships", summary: "Page through my relationships", query: C.ZListRelationshipsQuerySchema, success: ok(C.ZListRelationshipsResponseSchema) },
  { method: "GET", path: "/api/v1/relationships/:id", service: "relationships", tag: "Relationships", summary: "One relationship", params: id, success: ok(C.ZRelationshipResponseSchema) },
  { method: "PATCH", path: "/api/v1/relationships/:id", service: "relationships", tag: "Relationships", summary: "Change a relationship (nothing is editable yet)", params: id, body: C.ZUpdateRelationshipBodySchema, success: ok(C.ZRelationshipResponseSchema) },
  { method: "DELETE", path: "/api/v1/relationships/:id", service: "relationships", tag: "Relationships", summary: "End a relationship", params: id, success: noContent },
  { method: "POST", path: "/api/v1/relationship-requests", service: "relationships", tag: "Relationship requests", summary: "Ask someone to connect, by email", body: C.ZCreateRelationshipRequestBodySchema, success: created(C.ZRelationshipRequestResponseSchema), idempotency: "key" },
  { method: "GET", path: "/api/v1/relationship-requests/sent", service: "relationships", tag: "Relationship requests", summary: "Requests I sent", query: C.ZListRelationshipRequestsQuerySchema, success: ok(C.ZListRelationshipRequestsResponseSchema) },
  { method: "GET", path: "/api/v1/relationship-requests/received", service: "relationships", tag: "Relationship requests", summary: "Requests sent to me", query: C.ZListRelationshipRequestsQuerySchema, success: ok(C.ZListRelationshipRequestsResponseSchema) },
  { method: "GET", path: "/api/v1/relationship-requests/:id", service: "relationships", tag: "Relationship requests", summary: "One relationship request", params: id, success: ok(C.ZRelationshipRequestResponseSchema) },
  { method: "PATCH", path: "/api/v1/relationship-requests/:id", service: "relationships", tag: "Relationship requests", summary: "Answer a request sent to me ({status})", params: id, body: C.ZUpdateRelationshipRequestBodySchema, success: ok(C.ZRelationshipRequestResponseSchema), idempotency: "decision" },
  { method: "DELETE", path: "/api/v1/relationship-requests/:id", service: "relationships", tag: "Relationship requests", summary: "Withdraw a request I sent", params: id, success: noContent },
  { method: "POST", path: "/api/v1/relationship-requests/:id/approve", service: "relationships", tag: "Relationship requests", summary: "Accept a request sent to me", params: id, success: ok(C.ZApproveRelationshipRequestResponseSchema), idempotency: "decision" },
  { method: "POST", path: "/api/v1/relationship-requests/:id/reject", service: "relationships", tag: "Relationship requests", summary: "Decline a request sent to me", params: id, success: ok(C.ZRelationshipRequestResponseSchema), idempotency: "decision" },

  // Notifications (notifications service; the live stream is the BFF's own route).
  { method: "POST", path: "/api/v1/notifications/mark-all-read", service: "notifications", tag: "Notifications", summary: "Mark all my notifications read", body: C.ZMarkAllNotificationsReadBodySchema, success: ok(C.ZMarkAllNotificationsReadResponseSchema) },
  { method: "POST", path: "/api/v1/notifications", service: "notifications", tag: "Notifications", summary: "Create a notification for myself", body: C.ZCreateNotificationBodySchema, success: created(C.ZNotificationResponseSchema), idempotency: "key" },
  { method: "GET", path: "/api/v1/notifications", service: "notifications", tag: "Notifications", summary: "Page through my notifications", query: C.ZListNotificationsQuerySchema, success: ok(C.ZListNotificationsResponseSchema) },
  { method: "GET", path: "/api/v1/notifications/:id", service: "notifications", tag: "Notifications", summary: "One notification", params: id, success: ok(C.ZNotificationResponseSchema) },
  { method: "PATCH", path: "/api/v1/notifications/:id", service: "notifications", tag: "Notifications", summary: "Mark a notification read or unread", params: id, body: C.ZUpdateNotificationBodySchema, success: ok(C.ZNotificationResponseSchema) },
  { method: "DELETE", path: "/api/v1/notifications/:id", service: "notifications", tag: "Notifications", summary: "Delete a notification (soft)", params: id, success: noContent },

  // AI usage (usage service).
  { method: "GET", path: "/api/v1/ai-usage", service: "usage", tag: "AI usage", summary: "Page through my AI usage records", query: C.ZListAiUsageQuerySchema, success: ok(C.ZListAiUsageResponseSchema) },
  { method: "GET", path: "/api/v1/ai-usage/cost", service: "usage", tag: "AI usage", summary: "My AI cost over a date range", query: C.ZAiUsageCostQuerySchema, success: ok(C.ZAiUsageCostResponseSchema) },
  { method: "GET", path: "/api/v1/ai-usage/by-date-range", service: "usage", tag: "AI usage", summary: "Page through my AI usage records in a date range", query: C.ZListAiUsageByDateRangeQuerySchema, success: ok(C.ZListAiUsageResponseSchema) },
  { method: "GET", path: "/api/v1/ai-usage/credits", service: "usage", tag: "AI usage", summary: "My AI credits this month: plan, used, left, and whether I am over budget", success: ok(C.ZAiCreditsResponseSchema) },

  // The assistant (agent service).
  { method: "POST", path: "/api/v1/agent/commands/chat", service: "agent", tag: "Assistant", summary: "Chat with the assistant; the reply streams (text/event-stream)", body: C.ZChatRequestSchema, success: ok(C.ZChatStreamEventSchema), isStream: true, rateLimit: "chat", onBehalfOf: AGENT_ON_BEHALF_OF },
  { method: "GET", path: "/api/v1/agent/proposals/:id", service: "agent", tag: "Assistant", summary: "One of my proposal cards, with its status now", params: id, success: ok(C.ZProposalResponseSchema) },
  { method: "POST", path: "/api/v1/agent/proposals/:id/confirm", service: "agent", tag: "Assistant", summary: "Confirm a proposal: the assistant's only way to write (once, before it expires)", params: id, body: C.ZConfirmProposalBodySchema, success: ok(C.ZProposalResponseSchema), onBehalfOf: ["events", "relationships"] },
  { method: "POST", path: "/api/v1/agent/proposals/:id/undo", service: "agent", tag: "Assistant", summary: "Undo a confirmed proposal within its undo window", params: id, success: ok(C.ZProposalResponseSchema), onBehalfOf: ["events"] },
  { method: "POST", path: "/api/v1/agent/proposals/:id/cancel", service: "agent", tag: "Assistant", summary: "Cancel (dismiss) an open proposal", params: id, success: ok(C.ZProposalResponseSchema) },
  { method: "GET", path: "/api/v1/agent/conversations", service: "agent", tag: "Assistant", summary: "Page through my conversations with the assistant, most recent first", query: C.ZListConversationsQuerySchema, success: ok(C.ZListConversationsResponseSchema) },
  { method: "GET", path: "/api/v1/agent/conversations/:id", service: "agent", tag: "Assistant", summary: "One of my conversations, with its cards", params: id, success: ok(C.ZConversationResponseSchema) },
  { method: "DELETE", path: "/api/v1/agent/conversations/:id", service: "agent", tag: "Assistant", summary: "Delete one of my conversations", params: id, success: noContent },
  { method: "DELETE", path: "/api/v1/agent/conversations", service: "agent", tag: "Assistant", summary: "Clear my chat history", success: noContent },

  // Recipes (recipes service).
  { method: "GET", path: "/api/v1/recipes/search", service: "recipes", tag: "Recipes", summary: "Search my recipes by title or ingredient", query: C.ZSearchRecipesQuerySchema, success: ok(C.ZListRecipesResponseSchema) },
  { method: "PATCH", path: "/api/v1/recipes/ingredients/:id", service: "recipes", tag: "Recipes", summary: "Change an ingredient", params: id, body: C.ZUpdateRecipeIngredientBodySchema, success: ok(C.ZRecipeIngredientResponseSchema) },
  { method: "DELETE", path: "/api/v1/recipes/ingredients/:id", service: "recipes", tag: "Recipes", summary: "Remove an ingredient", params: id, success: noContent },
  { method: "GET", path: "/api/v1/recipes", service: "recipes", tag: "Recipes", summary: "Page through my recipes", query: C.ZListRecipesQuerySchema, success: ok(C.ZListRecipesResponseSchema) },
  { method: "POST", path: "/api/v1/recipes", service: "recipes", tag: "Recipes", summary: "Create a recipe", body: C.ZCreateRecipeBodySchema, success: created(C.ZRecipeResponseSchema), idempotency: "key" },
  { method: "GET", path: "/api/v1/recipes/:id", service: "recipes", tag: "Recipes", summary: "One recipe", params: id, success: ok(C.ZRecipeResponseSchema) },
  { method: "PATCH", path: "/api/v1/recipes/:id", service: "recipes", tag: "Recipes", summary: "Change a recipe", params: id, body: C.ZUpdateRecipeBodySchema, success: ok(C.ZRecipeResponseSchema) },
  { method: "DELETE", path: "/api/v1/recipes/:id", service: "recipes", tag: "Recipes", summary: "Delete a recipe", params: id, success: noContent },
  { method: "GET", path: "/api/v1/recipes/:id/ingredients", service: "recipes", tag: "Recipes", summary: "A recipe's ingredients", params: id, success: ok(C.ZListRecipeIngredientsResponseSchema) },
  { method: "POST", path: "/api/v1/recipes/:id/ingredients", service: "recipes", tag: "Recipes", summary: "Add an ingredient", params: id, body: C.ZCreateRecipeIngredientBodySchema, success: created(C.ZRecipeIngredientResponseSchema) },

  // Google Calendar (calendar service). Tokens go in at sign-in (BFF → calendar, internal);
  // the browser only learns whether the calendar is connected.
  { method: "GET", path: "/api/v1/calendar/events", service: "calendar", tag: "Calendar", summary: "My Google Calendar events between timeMin and timeMax (at most 62 days; default the next 30)", query: C.ZListCalendarEventsQuerySchema, success: ok(C.ZListCalendarEventsResponseSchema) },
  { method: "POST", path: "/api/v1/calendar/free-busy", service: "calendar", tag: "Calendar", summary: "My busy times between timeMin and timeMax", body: C.ZFreeBusyBodySchema, success: ok(C.ZFreeBusyResponseSchema) },
  { method: "GET", path: "/api/v1/calendar/admin/jobs", service: "calendar", tag: "Calendar", summary: "Operators: sync job counts and the latest failures (403 unless listed in CALENDAR_ADMIN_USER_IDS)", success: ok(C.ZSyncJobsResponseSchema) },
  { method: "POST", path: "/api/v1/calendar/admin/jobs/:id/retry", service: "calendar", tag: "Calendar", summary: "Operators: retry a failed sync job", params: C.ZSyncJobParamsSchema, success: noContent },
  { method: "GET", path: "/api/v1/auth/tokens", service: "calendar", tag: "Calendar", summary: "Whether my Google Calendar is connected (never the tokens)", success: ok(C.ZGoogleConnectionSchema) },
  { method: "DELETE", path: "/api/v1/auth/tokens", service: "calendar", tag: "Calendar", summary: "Disconnect my Google Calendar: the grant is revoked at Google and the stored tokens removed (503 when Google cannot be reached: nothing changed)", success: noContent },
  { method: "POST", path: "/api/v1/calendar/availability", service: "calendar", tag: "Calendar", summary: "Busy times of me and up to 5 connections who share theirs (never event details), with time zones and working hours", body: C.ZAvailabilityBodySchema, success: ok(C.ZAvailabilityResponseSchema) },

  // Profile (identity service).
  { method: "GET", path: "/api/v1/users/me", service: "identity", tag: "Profile", summary: "My profile (the Account tab)", success: ok(C.ZUserProfileResponseSchema) },
  { method: "GET", path: "/api/v1/users/me/settings", service: "identity", tag: "Profile", summary: "My settings: time zone, working hours, sharing of free/busy (the Settings tab)", success: ok(C.ZUserSettingsResponseSchema) },
  { method: "PATCH", path: "/api/v1/users/me/settings", service: "identity", tag: "Profile", summary: "Change some of my settings", body: C.ZUpdateUserSettingsBodySchema, success: ok(C.ZUserSettingsResponseSchema) },
  // Two-step verification (SPEC.md section 7's factors: enroll, verify, unenroll; the sign-in's
  // challenge is POST /api/v1/auth/mfa/verify, routes/auth.ts).
  { method: "GET", path: "/api/v1/users/me/factors", service: "identity", tag: "Profile", summary: "My second factors: none, or one TOTP factor (never its secret)", success: ok(C.ZListFactorsResponseSchema) },
  { method: "POST", path: "/api/v1/users/me/factors", service: "identity", tag: "Profile", summary: "Enroll a TOTP factor: its secret and otpauth URI, shown this once (409 while one is verified)", body: C.ZEnrollFactorBodySchema, success: created(C.ZEnrollFactorResponseSchema) },
  { method: "POST", path: "/api/v1/users/me/factors/:id/verify", service: "identity", tag: "Profile", summary: "Verify an enrolled factor with its first code: it is asked for at every sign-in from now on; ten recovery codes, shown this once", params: id, body: C.ZVerifyFactorBodySchema, success: ok(C.ZVerifyFactorResponseSchema) },
  { method: "POST", path: "/api/v1/users/me/factors/:id/unenroll", service: "identity", tag: "Profile", summary: "Turn two-step verification off, with a current code or a recovery code", params: id, body: C.ZUnenrollFactorBodySchema, success: noContent },
];
