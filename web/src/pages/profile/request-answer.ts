import type { TRelationshipRequestStatus } from "@amia/contracts";

/*
 * Accept / Decline on a received relationship request (SPEC.md section 4): Accept is disabled
 * once accepted, Decline once rejected, and both while an answer is on its way.
 */

export interface AnswerButtons {
  isAcceptDisabled: boolean;
  isDeclineDisabled: boolean;
}

export function answerButtons(status: TRelationshipRequestStatus, isAnswering: boolean): AnswerButtons {
  return {
    isAcceptDisabled: isAnswering || status === "accepted",
    isDeclineDisabled: isAnswering || status === "rejected",
  };
}

/** The status a request has after an answer, shown until the reloaded list drops it. */
export function statusAfterAnswer(answer: "approve" | "reject"): TRelationshipRequestStatus {
  return answer === "approve" ? "accepted" : "rejected";
}
