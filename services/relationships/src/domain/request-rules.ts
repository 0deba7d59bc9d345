import type { TErrorCode, TRelationshipRequestStatus } from "@amia/contracts";

/*
 * Who may do what to a relationship request, in which state. Pure: the operations read the
 * request, ask here, and turn a refusal into its 4xx.
 */

/**
 * How the acting user stands to a request. The requested person counts only once the request
 * has reached them (`requested_user_id` set); before that, as to anyone else, it does not exist.
 */
export type RequestRole = "requester" | "recipient" | "outsider";

export interface RequestParties {
  requester_id: string;
  requested_user_id: string | null;
}

export function roleOf(request: RequestParties, actorId: string): RequestRole {
  if (request.requester_id === actorId) return "requester";
  if (request.requested_user_id !== null && request.requested_user_id === actorId) return "recipient";
  return "outsider";
}

export type RuleVerdict = { allowed: true } | { allowed: false; code: Extract<TErrorCode, "forbidden" | "not_found" | "conflict">; message: string };

const ALLOWED: RuleVerdict = { allowed: true };

// Someone else's request is a 404, never a 403: we do not confirm that it exists.
const NOT_FOUND: RuleVerdict = { allowed: false, code: "not_found", message: "Relationship request not found" };

export type RequestAnswer = "accept" | "reject";

export function mayView(role: RequestRole): RuleVerdict {
  return role === "outsider" ? NOT_FOUND : ALLOWED;
}

/** Accept or decline: only the person it was sent to, only while it is pending. */
export function mayAnswer(role: RequestRole, status: TRelationshipRequestStatus): RuleVerdict {
  switch (role) {
    case "outsider":
      return NOT_FOUND;
    case "requester":
      return { allowed: false, code: "forbidden", message: "Only the person this request was sent to can accept or decline it" };
    case "recipient":
      return answerableIn(status);
    default:
      return unreachable(role);
  }
}

function answerableIn(status: TRelationshipRequestStatus): RuleVerdict {
  switch (status) {
    case "pending":
      return ALLOWED;
    case "accepted":
      return { allowed: false, code: "conflict", message: "This request has already been accepted" };
    case "rejected":
      return { allowed: false, code: "conflict", message: "This request has already been declined" };
    default:
      return unreachable(status);
  }
}

/**
 * Delete: only the requester, in any state (withdrawing a pending request, or clearing an
 * answered one from the lists; an accepted request's relationship stays).
 */
export function mayDelete(role: RequestRole, status: TRelationshipRequestStatus): RuleVerdict {
  switch (role) {
    case "outsider":
      return NOT_FOUND;
    case "recipient":
      return { allowed: false, code: "forbidden", message: "Only the person who sent this request can delete it" };
    case "requester":
      return deletableIn(status);
    default:
      return unreachable(role);
  }
}

function deletableIn(status: TRelationshipRequestStatus): RuleVerdict {
  switch (status) {
    case "pending":
    case "accepted":
    case "rejected":
      return ALLOWED;
    default:
      return unreachable(status);
  }
}

/** A new status or role that is not handled above fails to compile here. */
function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
