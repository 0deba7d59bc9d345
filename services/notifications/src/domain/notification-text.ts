import { MAX_NOTIFICATION_TITLE_LENGTH, type TAiCreditThreshold, type TCalendarSyncFailureReason, type TEventOf, type TNotificationKind } from "@amia/contracts";

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
  | "event-request.review-recorded"
  | "event-request.approved"
  | "event-request.rejected"
  | "calendar.sync-failed"
  | "ai-credits.threshold-reached"
>;

/** A notification before it has an id and a time. */
export interface NotificationDraft {
  user_id: string;
  kind: TNotificationKind;
  subject_id: string | null;
  title: string;
}

/** A name or an event title inside a sentence is cut here, so the sentence stays readable in a list. */
export const MAX_QUOTED_LENGTH = 60;
export const UNTITLED_EVENT = "Untitled Event";

export function notificationsFor(event: TNotifyingEvent): NotificationDraft[] {
  switch (event.type) {
    case "relationship-request.created": {
      const { requested_user_id, request_id, requester_full_name, requester_email } = event.data;
      // Sent to an email nobody has yet: `delivered` tells them when they first sign in.
      if (requested_user_id === null) return [];
      return [draft(requested_user_id, "relationship_request_received", request_id, `${person(requester_full_name, requester_email)} wants to connect`)];
    }
    case "relationship-request.delivered": {
      const { requested_user_id, request_id, requester_full_name, requester_email } = event.data;
      return [draft(requested_user_id, "relationship_request_received", request_id, `${person(requester_full_name, requester_email)} wants to connect`)];
    }
    case "relationship-request.accepted": {
      const { requester_id, request_id, requested_full_name, requested_email } = event.data;
      return [draft(requester_id, "relationship_request_accepted", request_id, `${person(requested_full_name, requested_email)} accepted your request`)];
    }
    case "relationship-request.rejected": {
      const { requester_id, request_id, requested_full_name, requested_email } = event.data;
      return [draft(requester_id, "relationship_request_rejected", request_id, `${person(requested_full_name, requested_email)} declined your request`)];
    }
    case "event-request.created": {
      const { event_request_id, created_by, creator_full_name, title, approvers } = event.data;
      const sentence = `${person(creator_full_name, "Someone")} asks you to review ${quoted(title)}`;
      // One notification per reviewer, even if the list named someone twice; never the creator,
      // who cannot review their own request (DESIGN.md "Who may review").
      const reviewers = new Set(approvers.map((approver) => approver.user_id).filter((id) => id !== created_by));
      return [...reviewers].map((reviewerId) => draft(reviewerId, "event_request_review_requested", event_request_id, sentence));
    }
    case "event-request.review-recorded": {
      const { event_request_id, created_by, reviewer_full_name, status, title } = event.data;
      const verb = status === "approved" ? "approved" : "declined";
      return [draft(created_by, "event_request_review_recorded", event_request_id, `${person(reviewer_full_name, "A reviewer")} ${verb} ${quoted(title)}`)];
    }
    case "event-request.approved": {
      const { event_request_id, created_by, title } = event.data;
      return [draft(created_by, "event_request_approved", event_request_id, `${quoted(title)} was approved`)];
    }
    case "event-request.rejected": {
      const { event_request_id, created_by, title } = event.data;
      return [draft(created_by, "event_request_rejected", event_request_id, `${quoted(title)} was rejected`)];
    }
    case "calendar.sync-failed": {
      const { event_request_id, user_id, reason } = event.data;
      // The payload carries no event title (the calendar service does not keep one), so the
      // sentence names the calendar; `subject_id` links it to the event request.
      return [draft(user_id, "calendar_sync_failed", event_request_id, `We couldn't update your Google Calendar — ${syncFailureHint(reason)}`)];
    }
    case "ai-credits.threshold-reached": {
      const { user_id, threshold, period_end } = event.data;
      return [draft(user_id, "ai_credits_threshold_reached", null, creditsSentence(threshold, period_end))];
    }
    default:
      return assertNever(event);
  }
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

function draft(userId: string, kind: TNotificationKind, subjectId: string | null, title: string): NotificationDraft {
  return { user_id: userId, kind, subject_id: subjectId, title: truncate(title, MAX_NOTIFICATION_TITLE_LENGTH) };
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
