import { describe, expect, it } from "vitest";
import { answerButtons, statusAfterAnswer } from "./request-answer.ts";

describe("answerButtons", () => {
  it("enables both buttons on a pending request", () => {
    expect(answerButtons("pending", false)).toEqual({ isAcceptDisabled: false, isDeclineDisabled: false });
  });

  it("disables Accept once accepted and Decline once rejected", () => {
    expect(answerButtons("accepted", false)).toEqual({ isAcceptDisabled: true, isDeclineDisabled: false });
    expect(answerButtons("rejected", false)).toEqual({ isAcceptDisabled: false, isDeclineDisabled: true });
  });

  it("disables both while an answer is on its way", () => {
    expect(answerButtons("pending", true)).toEqual({ isAcceptDisabled: true, isDeclineDisabled: true });
  });
});

describe("statusAfterAnswer", () => {
  it("maps approve to accepted and reject to rejected", () => {
    expect(statusAfterAnswer("approve")).toBe("accepted");
    expect(statusAfterAnswer("reject")).toBe("rejected");
  });
});
