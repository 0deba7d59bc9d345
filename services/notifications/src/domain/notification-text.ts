import { MAX_NOTIFICATION_TITLE_LENGTH, describeRecurrenceText, type TAiCreditThreshold, type TCalendarSyncFailureReason, type TEventDataOf, type TEventOf, type TNotificationKind } from "@amia/contracts";
import { eventTimeText } from "./event-time-text.ts";

/**
 * Who is told what, for each event another service publishes that we turn into notifications.
 * Pure: the wording lives here and only here, so the sentences can be read (and tested) together.
 */

/** The events that notify someone; adding one here without a case below fails to compile. */
export type TNotifyingEvent = TEventOf<
  | "relationship-request.created"
  | "relationship-request.delivered"
  | "relationship-request.accepted"
  | "relationship-request.rejected"
  | "event-request.created"
  | "event-request.updated"
  | "event-request.review-recorded"
  | "event-request.approved"
  | "event-request.rejected"
  | "event-request.reviewer-removed"
  | "event-request.deleted"
  | "calendar.sync-failed"
  | "calendar.google-event-changed"
  | "ai-credits.threshold-reached"
>;

/** A notification before it has an id and a time. */
export interface NotificationDraft {
  user_id: string;
  kind: TNotificationKind;
  subject_id: string | null;
  title: string;
  /**
   * What it tells, without whom: one recipient gets one notification per meaning, however many
   * events say it (a redelivery, or two events of one decision). The notification's id is
   * derived from it and the recipient (domain/notification-id.ts), so these strings are storage
   * values: changing one lets an old event notify again.
   */
  meaning: string;
}

/** What the wording needs beyond the event itself. */
export interface NotificationContext {
  /** Recipients' time zones from their Settings, by user id; someone absent has none we know. */
  recipientZones: ReadonlyMap<string, string>;
}

export const NO_CONTEXT: NotificationContext = { recipientZones: new Map() };

/** A name or an event title inside a sentence is cut here, so the sentence stays readable in a list. */
export const MAX_QUOTED_LENGTH = 60;
export const UNTITLED_EVENT = "Untitled Event";

/**
 * Changing one of these changes when or where people meet: reviewers who had answered are
 * asked again (the events service decides whom), and every reviewer is told the new time or
 * place. Wire names of `changed_fields`; the time zone lives inside the two dates. How it repeats
 * (`recurrence`, issue 16) is when too: one approval covers the whole series.
 */
export const MATERIAL_FIELDS: ReadonlySet<string> = new Set(["start_date", "end_date", "location", "recurrence"]);

/**
 * The notifications one event makes: who is told what. Nobody is told of their own doing
 * (the event's actor), and one recipient gets one notification per meaning.
 */
export function notificationsFor(event: TNotifyingEvent, context: NotificationContext = NO_CONTEXT): NotificationDraft[] {
  const drafts = draftsFor(event, context);
  const told = isActorsOwnDoing(event) ? drafts.filter((draft) => draft.user_id !== event.actor_id) : drafts;
  const seen = new Set<string>();
  return told.filter((draft) => {
    const key = `${draft.meaning}\u0000${draft.user_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The users whose time zones the wording of `event` needs (it names a time only for them). */
export function recipientsToLocate(event: TNotifyingEvent): string[] {
  if (event.type === "calendar.google-event-changed") return [event.data.user_id];
  return event.type === "event-request.updated" ? [...new Set(event.data.approvers.map((approver) => approver.user_id))] : [];
}

/**
 * Whether the event's actor did what the notifications tell, so telling them would be telling
 * them what they just did. Not so when the actor only set it off: signing up delivers a request
 * someone else sent; using the assistant crosses a credit threshold the system reports.
 */
function isActorsOwnDoing(event: TNotifyingEvent): boolean {
  switch (event.type) {
    case "relationship-request.created":
    case "relationship-request.accepted":
    case "relationship-request.rejected":
    case "event-request.created":
    case "event-request.updated":
    case "event-request.review-recorded":
    case "event-request.approved":
    case "event-request.rejected":
    case "event-request.reviewer-removed":
    case "event-request.deleted":
      return true;
    case "relationship-request.delivered":
    case "calendar.sync-failed":
    case "ai-credits.threshold-reached":
    // The creator moved it in Google, not here: what that did here (the new time, asked again) is news.
    case "calendar.google-event-changed":
      return false;
    default:
      return assertNever(event);
  }
}

function draftsFor(event: TNotifyingEvent, context: NotificationContext): NotificationDraft[] {
  switch (event.type) {
    case "relationship-request.created": {
      const { requested_user_id, request_id, requester_full_name, requester_email } = event.data;
      // Sent to an email nobody has yet: `delivered` tells them when they first sign in.
      if (requested_user_id === null) return [];
      return [draft(requested_user_id, "relationship_request_received", request_id, `${person(requester_full_name, requester_email)} wants to connect`, `relationship-request-received:${request_id}`)];
    }
    case "relationship-request.delivered": {
      const { requested_user_id, request_id, requester_full_name, requester_email } = event.data;
      return [draft(requested_user_id, "relationship_request_received", request_id, `${person(requester_full_name, requester_email)} wants to connect`, `relationship-request-received:${request_id}`)];
    }
    case "relationship-request.accepted": {
      const { requester_id, request_id, requested_full_name, requested_email } = event.data;
      return [draft(requester_id, "relationship_request_accepted", request_id, `${person(requested_full_name, requested_email)} accepted your request`, `relationship-request-answered:${request_id}`)];
    }
    case "relationship-request.rejected": {
      const { requester_id, request_id, requested_full_name, requested_email } = event.data;
      return [draft(requester_id, "relationship_request_rejected", request_id, `${person(requested_full_name, requested_email)} declined your request`, `relationship-request-answered:${request_id}`)];
    }
    case "event-request.created": {
      const { event_request_id, creator_full_name, title, approvers } = event.data;
      const sentence = `${person(creator_full_name, "Someone")} asks you to review ${quoted(title)}`;
      // Once per request and reviewer, whatever the list or the bus repeats. The creator, who
      // cannot review their own request (DESIGN.md "Who may review"), is the actor: left out.
      return approvers.map((approver) => draft(approver.user_id, "event_request_review_requested", event_request_id, sentence, `review-requested:${event_request_id}`));
    }
    case "event-request.updated":
      return updateDrafts(event, context);
    case "event-request.review-recorded": {
      const { event_request_id, request_version, created_by, reviewer_full_name, required, status, title } = event.data;
      const reviewer = person(reviewer_full_name, "A reviewer");
      // A required "no" rejects the request, and `event-request.rejected` follows in the same
      // write: both say this one sentence under one meaning, so the creator is told once.
      if (status === "rejected" && required) return [rejection(created_by, event_request_id, request_version, reviewer, title)];
      // An optional answer advises; the sentence says so, so a "no" never reads as the outcome.
      const sentence = status === "approved" ? `${reviewer} approved ${quoted(title)}` : `${reviewer}, an optional reviewer, declined ${quoted(title)}`;
      return [draft(created_by, "event_request_review_recorded", event_request_id, sentence, `review-recorded:${event_request_id}:v${request_version}`)];
    }
    case "event-request.approved": {
      // Again after a re-review is news again: the version tells the two approvals apart.
      const { event_request_id, request_version, created_by, title } = event.data;
      return [draft(created_by, "event_request_approved", event_request_id, `${quoted(title)} was approved`, `approved:${event_request_id}:v${request_version}`)];
    }
    case "event-request.rejected": {
      const { event_request_id, request_version, created_by, rejected_by_full_name, title } = event.data;
      return [rejection(created_by, event_request_id, request_version, person(rejected_by_full_name, "A reviewer"), title)];
    }
    case "event-request.reviewer-removed": {
      const { event_request_id, created_by, reviewer_id, reviewer_full_name, required, previous_status, title } = event.data;
      // Only a request still waiting for answers is held up by losing someone who had to answer.
      if (previous_status !== "pending" || !required) return [];
      const sentence = `${person(reviewer_full_name, "A reviewer")} can no longer review ${quoted(title)}: you are no longer connected`;
      return [draft(created_by, "event_request_reviewer_removed", event_request_id, sentence, `reviewer-removed:${event_request_id}:${reviewer_id}`)];
    }
    case "event-request.deleted": {
      const { event_request_id, approver_user_ids, title, cause } = event.data;
      // Only a deletion made in Google Calendar is news to the reviewers (the builder withdraws
      // the rest). No link: the request is gone.
      if (cause !== "deleted_in_google") return [];
      const sentence = `${quoted(title)} was cancelled: its organizer deleted it from Google Calendar`;
      return approver_user_ids.map((userId) => draft(userId, "event_request_cancelled", null, sentence, `cancelled:${event_request_id}`));
    }
    case "calendar.google-event-changed": {
      const { event_request_id, user_id, start_date, end_date } = event.data;
      // The request took the new time (its reviewers, if any, are asked again); the open page refreshes on it.
      const when = eventTimeText(start_date, end_date, context.recipientZones.get(user_id) ?? null, new Date(event.occurred_at));
      return [draft(user_id, "event_request_changed", event_request_id, `Moved in Google Calendar: your event is now ${when}`, `moved-in-google:${event.id}`)];
    }
    case "calendar.sync-failed": {
      const { event_request_id, user_id, reason } = event.data;
      // The payload carries no event title (the calendar service does not keep one), so the
      // sentence names the calendar; `subject_id` links it to the event request. Each failure
      // is news of its own: the meaning is the event.
      return [draft(user_id, "calendar_sync_failed", event_request_id, `We couldn't update your Google Calendar — ${syncFailureHint(reason)}`, event.id)];
    }
    case "ai-credits.threshold-reached": {
      const { user_id, threshold, period, period_end } = event.data;
      return [draft(user_id, "ai_credits_threshold_reached", null, creditsSentence(threshold, period_end), `ai-credits:${period}:${threshold}`)];
    }
    default:
      return assertNever(event);
  }
}

/** The one sentence of a request's rejection, whichever of its two events says it first. */
function rejection(creatorId: string, requestId: string, version: number, reviewer: string, title: string | null): NotificationDraft {
  return draft(creatorId, "event_request_rejected", requestId, `${reviewer} rejected ${quoted(title)}`, `rejected:${requestId}:v${version}`);
}

/**
 * The creator changed a request: every reviewer hears of it once. A material change names the
 * new time (on each reviewer's clocks) or place, and asks those whose answers it reset to
 * review again; any other change only says that something changed.
 */
function updateDrafts(event: TEventOf<"event-request.updated">, context: NotificationContext): NotificationDraft[] {
  const { data } = event;
  const { event_request_id, request_version, creator_full_name, title, changed_fields, approvers, reviewers_asked_again } = data;
  const who = person(creator_full_name, "Someone");
  const meaning = `updated:${event_request_id}:v${request_version}`;
  const askedAgain = new Set(reviewers_asked_again);
  const reviewers = new Set([...approvers.map((approver) => approver.user_id), ...reviewers_asked_again]);
  if (changed_fields.length === 0) return [];
  const isMaterial = changed_fields.some((field) => MATERIAL_FIELDS.has(field));
  return [...reviewers].map((reviewerId) => {
    if (!isMaterial) return draft(reviewerId, "event_request_changed", event_request_id, `${who} changed ${quoted(title)}`, meaning);
    const moved = `${who} ${movedTo(data, context.recipientZones.get(reviewerId) ?? null, new Date(event.occurred_at))}`;
    return askedAgain.has(reviewerId)
      ? draft(reviewerId, "event_request_review_requested", event_request_id, `${moved}; please review it again`, meaning)
      : draft(reviewerId, "event_request_changed", event_request_id, moved, meaning);
  });
}

/**
 * "moved “Lunch” to Joe's on Thu 26 Nov, 15:00 GMT · 07:00 your time", "removed the place of
 * “Lunch”", "changed how “Standup” repeats: every weekday at 10:00 AM (Europe/Lisbon)", and a new
 * rule said after a new time or place ("…; it now repeats every Friday at 1:00 PM (Europe/London)").
 */
function movedTo(data: TEventDataOf<"event-request.updated">, recipientZone: string | null, writtenAt: Date): string {
  const title = quoted(data.title);
  if (!data.changed_fields.includes("recurrence")) return movedInTimeOrPlace(data, recipientZone, writtenAt);
  const words = describeRecurrenceText(data.recurrence, data.start_date, { nameZone: true, clock: "12h" });
  const rule = words ? words.charAt(0).toLowerCase() + words.slice(1) : null;
  const isTimeOrPlace = data.changed_fields.some((field) => field !== "recurrence" && MATERIAL_FIELDS.has(field));
  if (!isTimeOrPlace) return rule ? `changed how ${title} repeats: ${rule}` : `made ${title} a one-off (it no longer repeats)`;
  return `${movedInTimeOrPlace(data, recipientZone, writtenAt)}; ${rule ? `it now repeats ${rule}` : "it no longer repeats"}`;
}

function movedInTimeOrPlace(data: TEventDataOf<"event-request.updated">, recipientZone: string | null, writtenAt: Date): string {
  const isTimeChanged = data.changed_fields.includes("start_date") || data.changed_fields.includes("end_date");
  const place = data.changed_fields.includes("location") ? oneLine(data.location) : "";
  const title = quoted(data.title);
  if (!isTimeChanged) return place ? `moved ${title} to ${truncate(place, MAX_QUOTED_LENGTH)}` : `removed the place of ${title}`;
  const when = eventTimeText(data.start_date, data.end_date, recipientZone, writtenAt);
  return place ? `moved ${title} to ${truncate(place, MAX_QUOTED_LENGTH)} on ${when}` : `moved ${title} to ${when}`;
}

/**
 * What reaching a share of the month's AI credits means for the user. The credits renew at the
 * start of the next UTC month (`period_end`), so that day is named in UTC.
 */
export function creditsSentence(threshold: TAiCreditThreshold, periodEnd: string): string {
  switch (threshold) {
    case 80:
      return "You have used 80% of your AI credits this month";
    case 100:
      return `You have used all your AI credits this month; the assistant works offline until ${RENEWAL_DAY.format(new Date(periodEnd))}`;
    default:
      return assertNever(threshold);
  }
}

const RENEWAL_DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });

/** What the user can do about a failed sync, by why it failed. */
export function syncFailureHint(reason: TCalendarSyncFailureReason): string {
  switch (reason) {
    case "reconnect_required":
      return "please sign in again";
    case "not_connected":
      return "sign in with Google to connect it";
    case "retries_exhausted":
      return "Google didn't answer, please try again later";
    case "rejected_by_google":
      return "Google refused the event";
    default:
      return assertNever(reason);
  }
}

function draft(userId: string, kind: TNotificationKind, subjectId: string | null, title: string, meaning: string): NotificationDraft {
  return { user_id: userId, kind, subject_id: subjectId, title: truncate(title, MAX_NOTIFICATION_TITLE_LENGTH), meaning };
}

/** A person's name, or the fallback when they gave none (null, empty or blank). */
function person(fullName: string | null, fallback: string): string {
  return truncate(oneLine(fullName) || fallback, MAX_QUOTED_LENGTH);
}

/** An event request's title in quotes; the web app calls a missing one "Untitled Event". */
function quoted(title: string | null): string {
  return `“${truncate(oneLine(title) || UNTITLED_EVENT, MAX_QUOTED_LENGTH)}”`;
}

/** Free text typed elsewhere may hold line breaks and runs of spaces; a title is one line. */
function oneLine(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** Cuts by characters, not UTF-16 units, so an emoji is never split in half. */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max - 1).join("").trimEnd()}…`;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
