import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage, fieldMessage } from "../lib/errors.ts";

/*
 * The rules of the one "send a relationship request" form (dashboard modal, profile tab): what
 * stops a send before it goes, and where a refusal is told (on the email field, or in a Note).
 */

export const TO_SELF_MESSAGE = "That's your own address: enter the email of the person you want to connect with.";
export const REQUEST_SENT_MESSAGE = "Relationship request sent";

/** The email to send, trimmed; null while blank. */
export function emailToSend(typed: string): string | null {
  const email = typed.trim();
  return email === "" ? null : email;
}

/** Why the typed email cannot be sent, before asking the server (the viewer's own address); null when it can. */
export function sendProblem(typed: string, ownEmail: string | null | undefined): string | null {
  const email = emailToSend(typed);
  if (email === null || !ownEmail) return null;
  return email.toLowerCase() === ownEmail.trim().toLowerCase() ? TO_SELF_MESSAGE : null;
}

/**
 * A refused send in plain words: a bad address on the email field (the server's words for
 * `requested_email`, unless it was the viewer's own), anything else in the form's Note.
 */
export function sendFailure(error: unknown, typed: string, ownEmail: string | null | undefined): { field: string | null; note: string | null } {
  const fields = typeof error === "object" && error !== null && Array.isArray((error as { fields?: unknown }).fields) ? (error as { fields: Array<{ path?: unknown; message?: unknown }> }).fields : [];
  const emailField = fields.find((field) => field.path === "requested_email");
  if (emailField) {
    return { field: sendProblem(typed, ownEmail) ?? fieldMessage("relationship_request", "requested_email"), note: null };
  }
  return {
    field: null,
    note: errorMessage(error, DEFAULT_MESSAGES.createRelationshipRequest, { body: "relationship_request", codes: ACTION_CODE_MESSAGES.sendRelationshipRequest }),
  };
}
