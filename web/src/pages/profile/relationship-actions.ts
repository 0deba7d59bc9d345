/*
 * The Relationships tab's words for removing a connection and cancelling a sent request (issue
 * 12): each asks first, saying what follows.
 */

/** A person as the tab names them: their name, else their email. */
export function personName(person: { full_name: string | null; email: string }): string {
  return person.full_name?.trim() || person.email;
}

export interface ConfirmWords {
  title: string;
  message: string;
}

/** Removing a connection ends reviewing both ways (DESIGN.md, "Who may review"). */
export function removeRelationshipDialog(person: { full_name: string | null; email: string }): ConfirmWords {
  const name = personName(person);
  return {
    title: `Remove ${name}?`,
    message: `You and ${name} will no longer be connected: neither of you can ask the other to review an event, and reviews you asked of each other end. You can send a new request later.`,
  };
}

/** Cancelling a request nobody answered yet: it disappears from their received requests too. */
export function cancelRequestDialog(email: string): ConfirmWords {
  return {
    title: "Cancel this request?",
    message: `Your request to ${email} is withdrawn; they won't be able to accept it. You can send a new one later.`,
  };
}
