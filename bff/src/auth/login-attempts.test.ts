import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./login-attempts.ts";

describe("safeReturnTo", () => {
  it("keeps a path on our own origin, with its query and fragment", () => {
    expect(safeReturnTo("/events/42?tab=x#top")).toBe("/events/42?tab=x#top");
  });

  it("drops anything that could leave the origin: full URLs, protocol-relative and backslash tricks", () => {
    for (const candidate of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "events", "", undefined]) {
      expect(safeReturnTo(candidate), String(candidate)).toBeNull();
    }
  });
});
