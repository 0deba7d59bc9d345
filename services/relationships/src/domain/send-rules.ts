import type { TErrorCode } from "@amia/contracts";

/*
 * Whether a relationship request may be sent, from what the operation looked up. Pure, and in
 * the order a person would want to hear about it.
 */

export interface SendFacts {
  requester: { id: string; email: string };
  /** `userId` is null while nobody has the email. Emails are already trimmed and lower-cased. */
  requested: { email: string; userId: string | null };
  isAlreadyRelated: boolean;
  hasPendingRequest: boolean;
}

export type SendVerdict =
  | { allowed: true }
  | { allowed: false; code: Extract<TErrorCode, "validation_failed" | "conflict">; message: string; field?: "requested_email" };

export function isToSelf({ requester, requested }: Pick<SendFacts, "requester" | "requested">): boolean {
  return requested.email === requester.email || requested.userId === requester.id;
}

export function maySend(facts: SendFacts): SendVerdict {
  if (isToSelf(facts)) {
    return { allowed: false, code: "validation_failed", message: "You cannot send a relationship request to yourself", field: "requested_email" };
  }
  if (facts.isAlreadyRelated) {
    return { allowed: false, code: "conflict", message: `You are already connected with ${facts.requested.email}` };
  }
  if (facts.hasPendingRequest) return pendingClash(facts.requested.email);
  return { allowed: true };
}

/** Also what a lost race on the unique pending key answers. */
export function pendingClash(email: string): SendVerdict & { allowed: false } {
  return { allowed: false, code: "conflict", message: `A relationship request between you and ${email} is already pending` };
}
