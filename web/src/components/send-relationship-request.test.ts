import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client.ts";
import { TO_SELF_MESSAGE, emailToSend, sendFailure, sendProblem } from "./send-relationship-request.ts";

describe("sending a relationship request", () => {
  it("sends the trimmed address, nothing while blank", () => {
    expect(emailToSend("  bruno@example.com ")).toBe("bruno@example.com");
    expect(emailToSend("   ")).toBeNull();
  });

  it("stops a request to your own address before it goes, whatever its case", () => {
    expect(sendProblem(" Ana@Example.com", "ana@example.com")).toBe(TO_SELF_MESSAGE);
    expect(sendProblem("bruno@example.com", "ana@example.com")).toBeNull();
    expect(sendProblem("bruno@example.com", null)).toBeNull();
  });

  it("says a refused address on the field, in our words", () => {
    const refused = new ApiError(400, "requested_email must be a valid email address", "validation_failed", [
      { path: "requested_email", message: "requested_email must be a valid email address" },
    ]);
    expect(sendFailure(refused, "ana@", "me@example.com")).toEqual({ field: "Enter a valid email address, like ana@example.com.", note: null });
    // The server refuses one's own address on the same field: said as such.
    expect(sendFailure(refused, "me@example.com", "me@example.com")).toEqual({ field: TO_SELF_MESSAGE, note: null });
  });

  it("says a clash or any other failure in the form's note, never the server's text", () => {
    const clash = new ApiError(409, "A relationship request between you and bruno@example.com is already pending", "conflict");
    expect(sendFailure(clash, "bruno@example.com", "ana@example.com")).toEqual({
      field: null,
      note: "You're already connected with this person, or a request between you is waiting for an answer.",
    });
    expect(sendFailure(new ApiError(500, "boom", "internal"), "bruno@example.com", null).note).toBe("Failed to create relationship request.");
    expect(sendFailure(new ApiError(0, "Network error. Please check your connection.", "network_error"), "b@x.io", null).note).toBe(
      "Network error. Please check your connection.",
    );
  });

  it("says a limit met in the form's note, with how long to wait", () => {
    const flooded = new ApiError(429, "You have asked bruno@example.com 3 times in the last day; try again in 24 hours", "rate_limited", [], { retryAfterSeconds: 86_380, limit: "requests_to_person" });
    expect(sendFailure(flooded, "bruno@example.com", "ana@example.com")).toEqual({ field: null, note: "You've already asked this person a few times today. Try again in 24 hours." });
    const hourly = new ApiError(429, "Too many relationship requests; try again in 52 minutes", "rate_limited", [], { retryAfterSeconds: 3_100, limit: "relationship_requests" });
    expect(sendFailure(hourly, "carla@example.com", "ana@example.com").note).toBe("You've sent a lot of relationship requests. Try again in 52 minutes.");
  });
});
