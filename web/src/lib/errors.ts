/*
 * What the user reads when something fails (SPEC.md section 8): the server's `message` when it
 * gave one, else a default message for the action.
 */

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

  chat: "Failed to chat with Amia. Please try again.",
  request: "Request failed. Please try again.",
  network: "Network error. Please check your connection.",
  unexpected: "An unexpected error occurred.",
  googleLogin: "An error occurred during Google login.",
} as const;

export type DefaultMessageKey = keyof typeof DEFAULT_MESSAGES;

/** The api client's own text when the server sent no message (web/src/api/client.ts). */
const NO_SERVER_MESSAGE = /^HTTP Error: \d+$/;

function messageOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const message = (value as { message?: unknown }).message;
  return typeof message === "string" && message.trim() !== "" && !NO_SERVER_MESSAGE.test(message) ? message : null;
}

/**
 * The server's `message`, else `fallback`. Counts as the server's: an error with a numeric
 * `status` (the api client's ApiError, including its network-error text), an error `body` or
 * `data` object, or a plain error body `{message}`. A bare Error (a bug, a TypeError ...) or an
 * "HTTP Error: {status}" with no server text gives the fallback, so internals never leak.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error !== "object" || error === null) return fallback;
  const candidate = error as { status?: unknown; body?: unknown; data?: unknown; response?: { data?: unknown } };
  const nested = messageOf(candidate.body) ?? messageOf(candidate.data) ?? messageOf(candidate.response?.data);
  if (nested) return nested;
  if (typeof candidate.status === "number") return messageOf(error) ?? fallback;
  if (!(error instanceof Error)) return messageOf(error) ?? fallback;
  return fallback;
}

/** A time zone nobody knows, wherever one is typed (Settings, the event form). */
export const TIME_ZONE_MESSAGE = "Choose a time zone from the list, such as Europe/Lisbon.";

/**
 * The settings' fields in plain words (PATCH /api/v1/users/me/settings), by the wire path of a
 * 400's field error: what the person reads next to the field, instead of the server's text.
 */
export const SETTINGS_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  time_zone: TIME_ZONE_MESSAGE,
  "working_hours.start": "Enter the time your working day starts.",
  "working_hours.end": "Your working day must end after it starts.",
  "working_hours.days": "Choose at least one working day.",
  share_free_busy: "Choose whether to share your free/busy times.",
};

/*
 * The assistant (issue 10): words for the chat's and the proposal cards' failures, by the
 * error's code, so a person never reads the server's text about a card.
 */

/** What a proposal card failed to do. */
export type ProposalActionName = "confirm" | "undo" | "cancel";

export const ASSISTANT_MESSAGES = {
  messageTooLong: "Your message is too long: keep it under 2,000 characters.",
  conversationGone: "This conversation no longer exists. Start a new chat.",
  openConversation: "Couldn't open this conversation. Please try again.",
  fetchConversations: "Couldn't load your chat history.",
  clearConversations: "Couldn't clear your chat history. Please try again.",
  rateLimited: "You're sending messages too quickly. Wait a moment and try again.",
  proposalGone: "This proposal is no longer available.",
  proposalReviewers: "Those reviewers can't be used here. Use Change to edit the event instead.",
  confirmConflict: "This can no longer be confirmed: it has expired or was already used.",
  undoConflict: "It's too late to undo this.",
  cancelConflict: "This can no longer be cancelled: it was already used or has expired.",
  confirmFailed: "Couldn't confirm. Please try again.",
  undoFailed: "Couldn't undo. Please try again.",
  cancelFailed: "Couldn't cancel. Please try again.",
} as const;

function codeOf(error: unknown): { status: number | null; code: string | null; paths: string[] } {
  if (typeof error !== "object" || error === null) return { status: null, code: null, paths: [] };
  const candidate = error as { status?: unknown; code?: unknown; fields?: unknown };
  const fields = Array.isArray(candidate.fields) ? (candidate.fields as { path?: unknown }[]) : [];
  return {
    status: typeof candidate.status === "number" ? candidate.status : null,
    code: typeof candidate.code === "string" ? candidate.code : null,
    paths: fields.flatMap((field) => (typeof field.path === "string" ? [field.path] : [])),
  };
}

/** A failed Confirm / Undo / Cancel in plain words, by code (409 says which action could not happen). */
export function proposalErrorMessage(action: ProposalActionName, error: unknown): string {
  const { status, code } = codeOf(error);
  if (code === "network_error" || status === 0) return DEFAULT_MESSAGES.network;
  if (code === "not_found" || status === 404) return ASSISTANT_MESSAGES.proposalGone;
  if (code === "conflict" || status === 409) return ASSISTANT_MESSAGES[`${action}Conflict`];
  if (code === "validation_failed" || status === 400) return ASSISTANT_MESSAGES.proposalReviewers;
  if (code === "rate_limited" || status === 429) return ASSISTANT_MESSAGES.rateLimited;
  return ASSISTANT_MESSAGES[`${action}Failed`];
}

/**
 * A failed chat turn, by code: a message over the limit, a conversation that is gone, too many
 * messages; null when the code has no words of its own (the chat then shows its usual text).
 */
export function chatCodeMessage(error: unknown): string | null {
  const { status, code, paths } = codeOf(error);
  if ((code === "validation_failed" || status === 400) && paths.some((path) => /^messages\.\d+\.content$/.test(path))) {
    return ASSISTANT_MESSAGES.messageTooLong;
  }
  if (code === "not_found" || status === 404) return ASSISTANT_MESSAGES.conversationGone;
  if (code === "rate_limited" || status === 429) return ASSISTANT_MESSAGES.rateLimited;
  return null;
}
