import { describe, expect, it } from "vitest";
import { mayOpenAnother } from "./open-requests-quota.ts";

describe("open event requests per person", () => {
  it("allows another while fewer than the most are open, and refuses at it with words", () => {
    expect(mayOpenAnother(0, 2)).toEqual({ allowed: true });
    expect(mayOpenAnother(1, 2)).toEqual({ allowed: true });
    expect(mayOpenAnother(2, 2)).toEqual({
      allowed: false,
      message: "You have 2 event requests waiting for answers, the most one person may have open; delete some, or wait for answers, and try again",
    });
  });
});
