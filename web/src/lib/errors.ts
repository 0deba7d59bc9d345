import {
  END_BEFORE_START_MESSAGE,
  MAX_APPROVERS,
  MAX_RESPONSE_NOTES_LENGTH,
  MAX_SMART_PARSE_DESCRIPTION_LENGTH,
  MAX_USER_MESSAGE_LENGTH,
  MIXED_EVENT_DATES_MESSAGE,
  waitInWords,
  type TErrorCode,
  type TFieldError,
  type TRateLimitName,
} from "@amia/contracts";

/*
 * What a person reads when something fails: the one place (DESIGN.md "Errors"). The server's
 * `message` is for developers and is never shown; what the person reads comes from the error's
 * `code` (contracts/src/errors.ts) and the wire paths of its field errors, in plain words, with
 * SPEC.md section 8's default message for the action when neither says more.
 */

/** SPEC.md section 8, "Default messages when the server gives none". */
export const DEFAULT_MESSAGES = {
  login: "Login failed. Please try again.",
  logout: "Logout failed. Please try again.",
  sessionExpired: "Session expired. Please login again.",

  createRelationship: "Failed to create relationship.",
  fetchRelationship: "Failed to fetch relationship.",
  updateRelationship: "Failed to update relationship.",
  deleteRelationship: "Failed to delete relationship.",

  createRelationshipRequest: "Failed to create relationship request.",
  fetchRelationshipRequest: "Failed to fetch relationship request.",
  updateRelationshipRequest: "Failed to update relationship request.",
  deleteRelationshipRequest: "Failed to delete relationship request.",
  approveRelationshipRequest: "Failed to approve relationship request.",
  rejectRelationshipRequest: "Failed to reject relationship request.",

  createEventRequest: "Failed to create event request.",
  fetchEventRequest: "Failed to fetch event request.",
  updateEventRequest: "Failed to update event request.",
  deleteEventRequest: "Failed to delete event request.",

  createNotification: "Failed to create notification.",
  fetchNotification: "Failed to fetch notification.",
  updateNotification: "Failed to update notification.",
  deleteNotification: "Failed to delete notification.",

  fetchSettings: "Failed to load your settings.",
  saveSettings: "Failed to save your settings.",

  fetchCalendar: "Failed to load your calendar.",
  fetchGoogleEvents: "Google Calendar could not be read just now, so only your requests are shown.",
  fetchCalendarConnection: "Failed to load your Google Calendar connection.",
  disconnectCalendar: "Failed to disconnect Google Calendar.",

  fetchFactors: "Failed to load your two-step verification.",
  enrollFactor: "Couldn't start setting up two-step verification. Please try again.",
  verifyFactor: "Couldn't check that code. Please try again.",
  unenrollFactor: "Couldn't turn off two-step verification. Please try again.",
  mfaSignIn: "Couldn't check your code. Please try again.",

  chat: "Failed to chat with Amia. Please try again.",
  request: "Request failed. Please try again.",
  network: "Network error. Please check your connection.",
  unexpected: "An unexpected error occurred.",
  googleLogin: "An error occurred during Google login.",
} as const;

export type DefaultMessageKey = keyof typeof DEFAULT_MESSAGES;

// ---- Error codes ----------------------------------------------------------------------------

/**
 * Every error code of the API in plain words, for an action with no words of its own for it.
 * `internal` is not here: a failure on our side says which action failed, with the action's
 * default message (SPEC.md section 8). A new code in the contracts fails to compile here until
 * it has words.
 */
export const ERROR_CODE_MESSAGES: Readonly<Record<Exclude<TErrorCode, "internal">, string>> = {
  validation_failed: "Some details need another look.",
  unauthorized: DEFAULT_MESSAGES.sessionExpired,
  forbidden: "You don't have permission to do that.",
  not_found: "It doesn't exist any more, or it isn't yours to see.",
  conflict: "Something changed in the meantime. Reload the page and try again.",
  payload_too_large: "That's too much to send at once. Make it shorter and try again.",
  rate_limited: "You're going a little fast. Wait a moment and try again.",
  upstream_unavailable: "Part of Amia isn't answering right now. Please try again in a moment.",
  unsupported_media_type: "That couldn't be sent in a form Amia understands. Reload the page and try again.",
  idempotency_key_reused: "This was already sent with different details. Reload the page and try again.",
  outcome_unknown: "We couldn't confirm whether this was saved. Check before trying again.",
  deadline_exceeded: "Amia took too long to answer, and nothing was changed. Please try again.",
};

// ---- Fields ---------------------------------------------------------------------------------

/** A time zone nobody knows, wherever one is typed (Settings, the event form). */
export const TIME_ZONE_MESSAGE = "Choose a time zone from the list, such as Europe/Lisbon.";

const DEVICE_CLOCK = "Your device's date and time couldn't be read. Reload the page and try again.";
const UNREADABLE_CHAT = "This conversation couldn't be sent as it is. Start a new chat and try again.";
const REVIEWER_NOT_CONNECTED = "This person can't review your request: choose someone you're connected with.";

/** One side of an event (`start_date` / `end_date`), `side` in words ("start", "end"). */
function eventDateWords<W extends "start_date" | "end_date">(wire: W, side: "start" | "end"): Record<W | `${W}.${"date" | "date_time" | "time_zone"}`, string> {
  return {
    [wire]: `Choose ${side === "start" ? "a start" : "an end"} date.`,
    [`${wire}.date`]: `Choose a real ${side} date.`,
    [`${wire}.date_time`]: `Choose ${side === "start" ? "a start" : "an end"} date and time.`,
    [`${wire}.time_zone`]: TIME_ZONE_MESSAGE,
  } as Record<W | `${W}.${"date" | "date_time" | "time_zone"}`, string>;
}

const EVENT_FIELDS = {
  title: "Keep the title to 200 characters or fewer.",
  description: "Keep the description to 5,000 characters or fewer.",
  location: "Keep the location to 500 characters or fewer.",
  notes: "Keep the notes to 5,000 characters or fewer.",
  ...eventDateWords("start_date", "start"),
  ...eventDateWords("end_date", "end"),
  importance_level: "Choose an importance from 1 to 5.",
  approvers: `Choose up to ${MAX_APPROVERS} reviewers, each once.`,
  "approvers.*": REVIEWER_NOT_CONNECTED,
  "approvers.*.user_id": REVIEWER_NOT_CONNECTED,
  "approvers.*.required": "Choose whether this reviewer's approval is required.",
};

/**
 * Each request body the web app sends, by the wire path of a 400's field error ("title",
 * "end_date.date_time", "approvers.*.user_id": a list index reads `*`): what the person reads
 * next to the field. Every field of every body has words (lib/errors.test.ts walks the
 * contracts' schemas to hold this table to them).
 */
export const FIELD_MESSAGES = {
  /** POST and PATCH /api/v1/event-requests. */
  event_request: {
    ...EVENT_FIELDS,
    recurrence: "This repeat can't be saved: check that the event starts on one of its days, and when it ends.",
  },
  /** POST /api/v1/event-requests/commands/auto-fill (the form as it stands, and what was typed). */
  smart_fill: {
    ...EVENT_FIELDS,
    description: `Describe the event in a few words (up to ${MAX_SMART_PARSE_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters).`,
    current_date: DEVICE_CLOCK,
    time_zone: TIME_ZONE_MESSAGE,
    title: "Check the title.",
    location: "Check the location.",
    notes: "Check the notes.",
    google_event_id: "This event's calendar link couldn't be read. Reload the page and try again.",
  },
  /** POST /api/v1/event-requests/{id}/approvals/approve and .../reject. */
  review: {
    response_notes: `Keep your note to ${MAX_RESPONSE_NOTES_LENGTH.toLocaleString("en-US")} characters or fewer.`,
  },
  /** POST /api/v1/relationship-requests. */
  relationship_request: {
    requested_email: "Enter a valid email address, like ana@example.com.",
  },
  /** PATCH /api/v1/users/me/settings. */
  settings: {
    time_zone: TIME_ZONE_MESSAGE,
    working_hours: "Set the start, the end and the days of your working hours.",
    "working_hours.start": "Enter the time your working day starts.",
    "working_hours.end": "Your working day must end after it starts.",
    "working_hours.days": "Choose at least one working day.",
    "working_hours.days.*": "Choose working days from Monday to Sunday.",
    share_free_busy: "Choose whether to share your free/busy times.",
  },
  /** POST /api/v1/agent/commands/chat. */
  chat: {
    messages: "Type a message first.",
    "messages.*": "Type a message first.",
    "messages.*.role": UNREADABLE_CHAT,
    "messages.*.content": `Your message is too long: keep it under ${MAX_USER_MESSAGE_LENGTH.toLocaleString("en-US")} characters.`,
    "messages.*.timestamp": UNREADABLE_CHAT,
    metadata: UNREADABLE_CHAT,
    conversation_id: "This conversation no longer exists. Start a new chat.",
    context: DEVICE_CLOCK,
    "context.current_date": DEVICE_CLOCK,
    "context.current_time": DEVICE_CLOCK,
    "context.timezone": "Your device's time zone isn't one Amia knows: choose yours in Settings.",
  },
  /** POST /api/v1/agent/proposals/{id}/confirm. */
  proposal: {
    reviewers: "Those reviewers can't be used here. Use Change to edit the event instead.",
    "reviewers.*": "Those reviewers can't be used here. Use Change to edit the event instead.",
    "reviewers.*.user_id": "Those reviewers can't be used here. Use Change to edit the event instead.",
    "reviewers.*.required": "Those reviewers can't be used here. Use Change to edit the event instead.",
  },
  /** PATCH /api/v1/notifications/{id}. */
  notification: {
    is_read: "This notification couldn't be marked as read. Please try again.",
  },
  /**
   * Two-step verification: POST /api/v1/users/me/factors (factor_type), .../{id}/verify (code),
   * .../{id}/unenroll and the sign-in's POST /api/v1/auth/mfa/verify (code or recovery_code).
   */
  factor: {
    factor_type: "This kind of two-step verification isn't offered. Reload the page and try again.",
    code: "That code didn't work. Enter the 6-digit code your authenticator app shows now.",
    recovery_code: "That recovery code didn't work. Check it, or use another one: each works only once.",
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type ApiBody = keyof typeof FIELD_MESSAGES;

/**
 * Cross-field refusals the contracts name by a message of their own (exported there, so this
 * reads a constant, not prose), in our words.
 */
/** An event's end before its start (the form says it too, before sending). */
export const END_BEFORE_START_WORDS = "The end can't be before the start.";

const CONTRACT_MESSAGE_WORDS: ReadonlyArray<readonly [string, string]> = [
  [END_BEFORE_START_MESSAGE, END_BEFORE_START_WORDS],
  [MIXED_EVENT_DATES_MESSAGE, "Make the start and the end both all-day, or both timed."],
];

/** "approvers.0.user_id" → "approvers.*.user_id". */
export function fieldKey(path: string): string {
  return path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? "*" : part))
    .join(".");
}

/**
 * What a field error of `body` means, in plain words: the words of its path, else of the
 * nearest field it belongs to ("start_date.date_time.x" → "start_date.date_time"); null when the
 * body has none (the caller's Note then says what failed). `serverMessage` is only compared with
 * the contracts' own constants (an end before the start), never shown.
 */
export function fieldMessage(body: ApiBody, path: string, serverMessage = ""): string | null {
  for (const [contractMessage, words] of CONTRACT_MESSAGE_WORDS) if (serverMessage.includes(contractMessage)) return words;
  const table: Readonly<Record<string, string>> = FIELD_MESSAGES[body];
  const parts = fieldKey(path).split(".");
  for (let length = parts.length; length > 0; length -= 1) {
    const words = table[parts.slice(0, length).join(".")];
    if (words !== undefined) return words;
  }
  return null;
}

/** A 400's field errors as words by wire path (the first error of a path wins). */
export function fieldMessages(body: ApiBody, fields: readonly TFieldError[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { path, message } of fields) {
    const words = fieldMessage(body, path, message);
    if (words !== null && result[path] === undefined) result[path] = words;
  }
  return result;
}

// ---- A failed call ----------------------------------------------------------------------------

interface ErrorParts {
  status: number | null;
  code: string | null;
  fields: TFieldError[];
  /** A 429's wait in seconds and the limit it names, when the server said them. */
  retryAfterSeconds: number | null;
  limit: string | null;
}

/** The parts of an api client error (web/src/api/client.ts ApiError) that say what failed. */
function partsOf(error: unknown): ErrorParts {
  if (typeof error !== "object" || error === null) return { status: null, code: null, fields: [], retryAfterSeconds: null, limit: null };
  const candidate = error as { status?: unknown; code?: unknown; fields?: unknown; retryAfterSeconds?: unknown; limit?: unknown };
  const fields = Array.isArray(candidate.fields)
    ? (candidate.fields as Array<Partial<TFieldError>>).flatMap((field) =>
        typeof field.path === "string" ? [{ path: field.path, message: typeof field.message === "string" ? field.message : "" }] : [],
      )
    : [];
  return {
    status: typeof candidate.status === "number" ? candidate.status : null,
    code: typeof candidate.code === "string" ? candidate.code : null,
    fields,
    retryAfterSeconds: typeof candidate.retryAfterSeconds === "number" && candidate.retryAfterSeconds > 0 ? candidate.retryAfterSeconds : null,
    limit: typeof candidate.limit === "string" ? candidate.limit : null,
  };
}

// ---- Limits -----------------------------------------------------------------------------------

const againIn = (wait: string | null) => (wait ? `Try again in ${wait}.` : "Wait a moment and try again.");

/**
 * Each limit a 429 names (contracts' RATE_LIMIT_NAMES) in plain words, given its wait in words
 * ("12 minutes") when the server said it. A new limit fails to compile here until it has words.
 */
export const RATE_LIMIT_WORDS: Readonly<Record<TRateLimitName, (wait: string | null) => string>> = {
  writes: (wait) => `You've made a lot of changes in a short time. ${againIn(wait)}`,
  relationship_requests: (wait) => `You've sent a lot of relationship requests. ${againIn(wait)}`,
  requests_to_person: (wait) => `You've already asked this person a few times today. ${againIn(wait)}`,
  after_decline: (wait) => `This person declined your last request. You can ask them again ${wait ? `in ${wait}` : "later"}.`,
  self_notifications: (wait) => `You've created a lot of notifications this hour. ${againIn(wait)}`,
  notification_streams: () => "Amia is open in too many tabs for live updates. Close one, then reload this page.",
};

/** A 429 in words: the limit's own when it is named, else a general one; with the wait when known. */
export function rateLimitedMessage(limit: string | null, retryAfterSeconds: number | null): string {
  const wait = retryAfterSeconds === null ? null : waitInWords(retryAfterSeconds);
  if (limit !== null && Object.hasOwn(RATE_LIMIT_WORDS, limit)) return RATE_LIMIT_WORDS[limit as TRateLimitName](wait);
  return wait ? `You've sent a lot of requests. Try again in ${wait}.` : ERROR_CODE_MESSAGES.rate_limited;
}

function isKnownCode(code: string | null): code is Exclude<TErrorCode, "internal"> {
  return code !== null && Object.hasOwn(ERROR_CODE_MESSAGES, code);
}

export interface ErrorWords {
  /** The request body the call sent: a validation failure names its first field in words. */
  body?: ApiBody;
  /** This action's own words for some codes ("You've already answered this request"). */
  codes?: Partial<Record<TErrorCode, string>>;
}

/**
 * What a person reads when a call failed, never the server's text: a lost connection says so;
 * then the action's own words for the code; a limit met, with how long to wait; a validation failure's first field in words (with
 * `body`); the code's words; and for a failure on our side, an unknown code, no answer at all
 * or a bug in this app, `fallback`, the action's default message (SPEC.md section 8).
 */
export function errorMessage(error: unknown, fallback: string, words: ErrorWords = {}): string {
  const { status, code, fields, retryAfterSeconds, limit } = partsOf(error);
  if (code === "network_error" || status === 0) return DEFAULT_MESSAGES.network;
  const known = code as TErrorCode | null;
  const own = known === null ? undefined : words.codes?.[known];
  if (own !== undefined) return own;
  if (code === "rate_limited") return rateLimitedMessage(limit, retryAfterSeconds);
  if (code === "validation_failed" && words.body) {
    for (const field of fields) {
      const message = fieldMessage(words.body, field.path, field.message);
      if (message !== null) return message;
    }
  }
  return isKnownCode(code) ? ERROR_CODE_MESSAGES[code] : fallback;
}

/** Five wrong codes in 15 minutes (identity's limit): the wait is at most that. */
const WRONG_CODES_WORDS = "Too many wrong codes. Wait up to 15 minutes, then try again.";

/** Actions' own words for codes that mean something particular there. */
export const ACTION_CODE_MESSAGES = {
  fetchEventRequest: {
    not_found: "This event request doesn't exist or has been deleted.",
  },
  /** Disconnect: a 503 means Google could not be reached, so nothing changed. */
  disconnectCalendar: {
    upstream_unavailable: "Google could not be reached, so nothing changed. Please try again in a moment.",
  },
  saveEventRequest: {
    not_found: "This event request doesn't exist or has been deleted.",
    forbidden: "Only the person who created this request can change it.",
    conflict: "This request changed while you were editing it. Reload the page and try again.",
  },
  /** A new request: the one conflict is having as many waiting for answers as one person may. */
  createEventRequest: {
    conflict: "You have as many event requests waiting for answers as Amia allows. Delete some you no longer need, or wait for answers, then try again.",
  },
  reviewEventRequest: {
    not_found: "This event request doesn't exist or has been deleted.",
    forbidden: "Only the reviewers of this request can approve or reject it.",
    conflict: "You've already answered this request.",
  },
  sendRelationshipRequest: {
    conflict: "You're already connected with this person, or a request between you is waiting for an answer.",
  },
  cancelRelationshipRequest: {
    not_found: "This request was already answered or cancelled.",
    forbidden: "Only the person who sent a request can cancel it.",
    conflict: "This request is changing right now. Please try again.",
  },
  removeRelationship: {
    not_found: "You're no longer connected with this person.",
  },
  enrollFactor: {
    conflict: "Two-step verification is already on.",
  },
  verifyFactor: {
    not_found: "This set-up has expired. Start again.",
    conflict: "Two-step verification is already on.",
    rate_limited: WRONG_CODES_WORDS,
  },
  unenrollFactor: {
    not_found: "Two-step verification is already off.",
    rate_limited: WRONG_CODES_WORDS,
  },
  mfaSignIn: {
    unauthorized: "This sign-in has expired. Please sign in again.",
    rate_limited: WRONG_CODES_WORDS,
  },
} as const satisfies Record<string, Partial<Record<TErrorCode, string>>>;

// ---- The assistant ----------------------------------------------------------------------------
/*
 * Words for the chat's and the proposal cards' failures (issue 10), so a person never reads the
 * server's text about a card.
 */

/** What a proposal card failed to do. */
export type ProposalActionName = "confirm" | "undo" | "cancel";

export const ASSISTANT_MESSAGES = {
  messageTooLong: FIELD_MESSAGES.chat["messages.*.content"],
  conversationGone: FIELD_MESSAGES.chat.conversation_id,
  openConversation: "Couldn't open this conversation. Please try again.",
  fetchConversations: "Couldn't load your chat history.",
  clearConversations: "Couldn't clear your chat history. Please try again.",
  rateLimited: "You're sending messages too quickly. Wait a moment and try again.",
  proposalGone: "This proposal is no longer available.",
  proposalReviewers: FIELD_MESSAGES.proposal.reviewers,
  confirmConflict: "This can no longer be confirmed: it has expired or was already used.",
  undoConflict: "It's too late to undo this.",
  cancelConflict: "This can no longer be cancelled: it was already used or has expired.",
  confirmFailed: "Couldn't confirm. Please try again.",
  undoFailed: "Couldn't undo. Please try again.",
  cancelFailed: "Couldn't cancel. Please try again.",
} as const;

/** A failed Confirm / Undo / Cancel in plain words, by code (409 says which action could not happen). */
export function proposalErrorMessage(action: ProposalActionName, error: unknown): string {
  return errorMessage(error, ASSISTANT_MESSAGES[`${action}Failed`], {
    body: "proposal",
    codes: {
      not_found: ASSISTANT_MESSAGES.proposalGone,
      conflict: ASSISTANT_MESSAGES[`${action}Conflict`],
      validation_failed: ASSISTANT_MESSAGES.proposalReviewers,
      rate_limited: ASSISTANT_MESSAGES.rateLimited,
    },
  });
}

/**
 * A failed chat turn: a message over the limit, a conversation that is gone, too many messages,
 * any code in words; else the chat's default (SPEC.md section 8).
 */
export function chatErrorMessage(error: unknown): string {
  return errorMessage(error, DEFAULT_MESSAGES.chat, {
    body: "chat",
    codes: { not_found: ASSISTANT_MESSAGES.conversationGone, rate_limited: ASSISTANT_MESSAGES.rateLimited },
  });
}
