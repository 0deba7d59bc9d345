import { z } from "zod";
import { ZIdSchema } from "./common.ts";
import { ZWorkingHoursSchema } from "./users.ts";

/*
 * The calendar service's HTTP bodies (SPEC.md 7 "Other paths": /api/v1/calendar/events and
 * /api/v1/auth/tokens, whose payloads the spec does not show; these are ours). Google tokens go
 * in, never out: the browser only learns whether a calendar is connected.
 */

const ZInstantSchema = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with Z or an offset" });

/** Google tokens as the BFF hands them over at sign-in (internal route) or the user posts them. */
export const ZStoreGoogleTokensBodySchema = z
  .object({
    access_token: z.string().min(1).max(4_096),
    /** Google sends one only with consent; absent keeps the one already stored. */
    refresh_token: z.string().min(1).max(4_096).nullish(),
    /** When the access token expires (ISO 8601), when the provider said. */
    expires_at: ZInstantSchema.nullish(),
  })
  .strict();
export type TStoreGoogleTokensBody = z.infer<typeof ZStoreGoogleTokensBodySchema>;

/** Connection states. Wire and storage values: never rename. */
export const CALENDAR_CONNECTION_STATUSES = ["connected", "reconnect_required", "not_connected"] as const;
export const ZCalendarConnectionStatusSchema = z.enum(CALENDAR_CONNECTION_STATUSES);

/** `GET /api/v1/auth/tokens`: whether the user's Google Calendar is connected; never the tokens. */
export const ZGoogleConnectionSchema = z.object({
  is_connected: z.boolean(),
  status: ZCalendarConnectionStatusSchema,
  updated_at: z.string().nullable(),
});
export type TGoogleConnection = z.infer<typeof ZGoogleConnectionSchema>;

/** The longest window one events list may cover (two months and a bit: a month view with its edge weeks). */
export const MAX_CALENDAR_EVENTS_WINDOW_DAYS = 62;

/**
 * `GET /api/v1/calendar/events?timeMin&timeMax` (default: from now, 30 days). Google's own
 * parameter names (the dashboard and the calendar view send them); the window is bounded so one
 * call stays a few pages of Google's list.
 */
export const ZListCalendarEventsQuerySchema = z
  .object({
    timeMin: ZInstantSchema.optional().describe("Events ending after this instant (ISO 8601 with Z or an offset); default now."),
    timeMax: ZInstantSchema.optional().describe(`Events starting before this instant, after timeMin and at most ${MAX_CALENDAR_EVENTS_WINDOW_DAYS} days after it; default 30 days after timeMin.`),
  })
  .superRefine((query, ctx) => {
    if (query.timeMax === undefined) return;
    const from = query.timeMin === undefined ? Date.now() : Date.parse(query.timeMin);
    const to = Date.parse(query.timeMax);
    if (Number.isNaN(from) || Number.isNaN(to)) return; // a malformed bound has its own issue
    if (to <= from) ctx.addIssue({ code: "custom", path: ["timeMax"], message: "timeMax must be after timeMin" });
    else if (to - from > MAX_CALENDAR_EVENTS_WINDOW_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["timeMax"], message: `timeMax must be at most ${MAX_CALENDAR_EVENTS_WINDOW_DAYS} days after timeMin` });
    }
  });
export type TListCalendarEventsQuery = z.infer<typeof ZListCalendarEventsQuerySchema>;

/** One side of a calendar event, as Google keeps it: `date` for all-day, `date_time` otherwise. */
export const ZCalendarEventDateSchema = z.object({
  is_all_day: z.boolean(),
  /** All-day: the day, YYYY-MM-DD (Google's end day is exclusive, as Google gives it). */
  date: z.string().nullable(),
  date_time: z.string().nullable(),
  time_zone: z.string().nullable(),
});

export const ZCalendarEventSchema = z.object({
  /** Google's event id. */
  id: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  start: ZCalendarEventDateSchema,
  end: ZCalendarEventDateSchema,
  html_link: z.string().nullable(),
  /** Our event request's id when the event came from an approved request, else null. */
  event_request_id: z.string().nullable(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEventSchema>;

export const ZListCalendarEventsResponseSchema = z.object({ events: z.array(ZCalendarEventSchema) });
export type TListCalendarEventsResponse = z.infer<typeof ZListCalendarEventsResponseSchema>;

/** `POST /api/v1/calendar/free-busy` (the agent's find-free-time). */
export const ZFreeBusyBodySchema = z
  .object({ timeMin: ZInstantSchema.describe("Start of the window (ISO 8601 with Z or an offset)."), timeMax: ZInstantSchema.describe("End of the window, after timeMin.") })
  .refine((body) => Date.parse(body.timeMax) > Date.parse(body.timeMin), { path: ["timeMax"], message: "must be after timeMin" });
export type TFreeBusyBody = z.infer<typeof ZFreeBusyBodySchema>;

export const ZBusyIntervalSchema = z.object({ start: z.string(), end: z.string() });
export const ZFreeBusyResponseSchema = z.object({ busy: z.array(ZBusyIntervalSchema) });
export type TFreeBusyResponse = z.infer<typeof ZFreeBusyResponseSchema>;

/*
 * Operators' view of the sync queue (the Bull Board equivalent), for the user ids listed in the
 * calendar service's CALENDAR_ADMIN_USER_IDS; everyone else gets 403. Job payloads hold no tokens.
 */
export const ZSyncJobSchema = z.object({
  id: z.string(),
  event_request_id: z.string().nullable(),
  operation: z.string().nullable(),
  state: z.string(),
  attempts_made: z.number().int(),
  failed_reason: z.string().nullable(),
  /** ISO 8601, when the job last finished or failed; null while waiting. */
  finished_at: z.string().nullable(),
});
export type TSyncJob = z.infer<typeof ZSyncJobSchema>;

export const ZSyncJobsResponseSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  /** The most recent failed jobs, newest first (at most 50). */
  failed: z.array(ZSyncJobSchema),
});
export type TSyncJobsResponse = z.infer<typeof ZSyncJobsResponseSchema>;

export const ZSyncJobParamsSchema = z.object({ id: z.string().min(1).max(300).describe("The sync job's id (e.g. <event request id>.create).") });

/*
 * `POST /api/v1/calendar/availability` (issue 10 point 5): the caller's and up to five other
 * people's busy times, for finding a time that suits everyone. Another person's busy times come
 * back only when they share them (their settings' `share_free_busy`) and are connected with the
 * caller; never any event detail, only busy intervals.
 */

/** How many other people one availability call may name. */
export const MAX_AVAILABILITY_PEOPLE = 5;
/** The longest window one availability call may cover. */
export const MAX_AVAILABILITY_WINDOW_DAYS = 31;

export const ZAvailabilityBodySchema = z
  .object({
    timeMin: ZInstantSchema.describe("Start of the window (ISO 8601 with Z or an offset)."),
    timeMax: ZInstantSchema.describe(`End of the window, after timeMin and at most ${MAX_AVAILABILITY_WINDOW_DAYS} days after it.`),
    user_ids: z
      .array(ZIdSchema, { error: "user_ids must be a list of user ids" })
      .max(MAX_AVAILABILITY_PEOPLE, { error: `user_ids may name at most ${MAX_AVAILABILITY_PEOPLE} people` })
      .default([])
      .describe("The other people (user ids); the caller is always included."),
  })
  .strict()
  .refine((body) => Date.parse(body.timeMax) > Date.parse(body.timeMin), { path: ["timeMax"], message: "timeMax must be after timeMin" })
  .refine((body) => Date.parse(body.timeMax) - Date.parse(body.timeMin) <= MAX_AVAILABILITY_WINDOW_DAYS * 86_400_000, {
    path: ["timeMax"],
    message: `timeMax must be at most ${MAX_AVAILABILITY_WINDOW_DAYS} days after timeMin`,
  });
export type TAvailabilityBody = z.infer<typeof ZAvailabilityBodySchema>;

/**
 * Why a person's busy times are not in the answer. Wire values: never rename.
 * `not_connected` is said before anything else, so a stranger learns nothing of another's settings.
 */
export const AVAILABILITY_UNSHARED_REASONS = ["not_connected", "not_shared", "calendar_not_connected"] as const;

export const ZPersonAvailabilitySchema = z.object({
  user_id: ZIdSchema,
  /** Their IANA zone; null when they never chose one, or when they are not connected with the caller. */
  time_zone: z.string().nullable(),
  /** Their working hours (defaults when never saved); null when they are not connected with the caller. */
  working_hours: ZWorkingHoursSchema.nullable(),
  shared: z.boolean(),
  /** Why `busy` is absent; null when shared. */
  reason: z.enum(AVAILABILITY_UNSHARED_REASONS).nullable(),
  /** Busy intervals in the window, only when shared (absent otherwise, never an empty stand-in). */
  busy: z.array(ZBusyIntervalSchema).optional(),
});
export type TPersonAvailability = z.infer<typeof ZPersonAvailabilitySchema>;

/** The caller first, then the named people in the order given (each once). */
export const ZAvailabilityResponseSchema = z.object({ people: z.array(ZPersonAvailabilitySchema) });
export type TAvailabilityResponse = z.infer<typeof ZAvailabilityResponseSchema>;

/**
 * A Google push notification (events.watch channel) as the BFF hands it to the calendar service:
 * Google's `X-Goog-*` headers, by name (the BFF's public route reads them; Google sends no body).
 * Wire names between the two are ours; the header names are Google's.
 */
export const GOOGLE_RESOURCE_STATES = ["sync", "exists", "not_exists"] as const;
export const ZGoogleNotificationSchema = z
  .object({
    /** X-Goog-Channel-ID */
    channel_id: z.string().min(1).max(256),
    /** X-Goog-Channel-Token: the secret we gave the channel; compared in constant time. */
    channel_token: z.string().min(1).max(256),
    /** X-Goog-Resource-ID */
    resource_id: z.string().min(1).max(256),
    /** X-Goog-Resource-State */
    resource_state: z.enum(GOOGLE_RESOURCE_STATES),
    /** X-Goog-Message-Number */
    message_number: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export type TGoogleNotification = z.infer<typeof ZGoogleNotificationSchema>;
