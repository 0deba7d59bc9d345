import { describe, expect, it } from "vitest";
import { chatCodeMessage, DEFAULT_MESSAGES, errorMessage, proposalErrorMessage } from "./errors.ts";

class ApiLikeError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const fallback = DEFAULT_MESSAGES.createEventRequest;

describe("errorMessage", () => {
  it("uses the server's message from the api client's error", () => {
    expect(errorMessage(new ApiLikeError(409, "Already answered"), fallback)).toBe("Already answered");
    expect(errorMessage(new ApiLikeError(0, DEFAULT_MESSAGES.network), fallback)).toBe(
      "Network error. Please check your connection.",
    );
  });
  it("uses a message in a body, data or response.data", () => {
    expect(errorMessage({ body: { message: "From body" } }, fallback)).toBe("From body");
    expect(errorMessage({ data: { message: "From data" } }, fallback)).toBe("From data");
    expect(errorMessage({ response: { data: { message: "From response" } } }, fallback)).toBe("From response");
    expect(errorMessage({ message: "Plain body", code: "conflict" }, fallback)).toBe("Plain body");
  });
  it("falls back when the server gave no message", () => {
    expect(errorMessage(new ApiLikeError(500, "HTTP Error: 500"), fallback)).toBe("Failed to create event request.");
    expect(errorMessage(new ApiLikeError(500, ""), fallback)).toBe(fallback);
    expect(errorMessage({ message: "   " }, fallback)).toBe(fallback);
    expect(errorMessage(null, fallback)).toBe(fallback);
    expect(errorMessage("boom", fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
  });
  it("never shows a bare Error's internals", () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined"), fallback)).toBe(fallback);
  });
});

describe("DEFAULT_MESSAGES", () => {
  it("holds SPEC section 8's texts", () => {
    expect(DEFAULT_MESSAGES.login).toBe("Login failed. Please try again.");
    expect(DEFAULT_MESSAGES.sessionExpired).toBe("Session expired. Please login again.");
    expect(DEFAULT_MESSAGES.rejectRelationshipRequest).toBe("Failed to reject relationship request.");
    expect(DEFAULT_MESSAGES.deleteNotification).toBe("Failed to delete notification.");
    expect(DEFAULT_MESSAGES.chat).toBe("Failed to chat with Amia. Please try again.");
    expect(DEFAULT_MESSAGES.unexpected).toBe("An unexpected error occurred.");
    expect(DEFAULT_MESSAGES.googleLogin).toBe("An error occurred during Google login.");
  });
});

describe("proposalErrorMessage", () => {
  const apiError = (status: number, code: string | null) => Object.assign(new Error("raw server text"), { status, code, fields: [] });

  it("says which action could not happen on a conflict, never the server's text", () => {
    expect(proposalErrorMessage("confirm", apiError(409, "conflict"))).toBe("This can no longer be confirmed: it has expired or was already used.");
    expect(proposalErrorMessage("undo", apiError(409, "conflict"))).toBe("It's too late to undo this.");
    expect(proposalErrorMessage("cancel", apiError(409, "conflict"))).toContain("can no longer be cancelled");
  });

  it("has words for a missing proposal, bad reviewers, the network and anything else", () => {
    expect(proposalErrorMessage("confirm", apiError(404, "not_found"))).toBe("This proposal is no longer available.");
    expect(proposalErrorMessage("confirm", apiError(400, "validation_failed"))).toContain("Use Change");
    expect(proposalErrorMessage("undo", apiError(0, "network_error"))).toBe(DEFAULT_MESSAGES.network);
    expect(proposalErrorMessage("undo", apiError(500, "internal"))).toBe("Couldn't undo. Please try again.");
    expect(proposalErrorMessage("cancel", new TypeError("x"))).toBe("Couldn't cancel. Please try again.");
  });
});

describe("chatCodeMessage", () => {
  it("names a message over the limit, a conversation that is gone, and rate limits", () => {
    const tooLong = Object.assign(new Error("raw"), { status: 400, code: "validation_failed", fields: [{ path: "messages.0.content", message: "raw" }] });
    expect(chatCodeMessage(tooLong)).toBe("Your message is too long: keep it under 2,000 characters.");
    expect(chatCodeMessage(Object.assign(new Error("raw"), { status: 404, code: "not_found" }))).toBe("This conversation no longer exists. Start a new chat.");
    expect(chatCodeMessage(Object.assign(new Error("raw"), { status: 429, code: "rate_limited" }))).toContain("too quickly");
  });

  it("leaves other failures to the chat's usual text", () => {
    expect(chatCodeMessage(Object.assign(new Error("raw"), { status: 502, code: "upstream_unavailable" }))).toBeNull();
    expect(chatCodeMessage(null)).toBeNull();
  });
});
