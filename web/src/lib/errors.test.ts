import { describe, expect, it } from "vitest";
import { DEFAULT_MESSAGES, errorMessage } from "./errors.ts";

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
