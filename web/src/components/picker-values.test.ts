import { describe, expect, it } from "vitest";
import { toDateInputValue, toTimeInputValue } from "./picker-values.ts";

describe("toDateInputValue", () => {
  it("reduces an ISO timestamp to its date", () => {
    expect(toDateInputValue("2026-03-11T14:05:00.000Z")).toBe("2026-03-11");
  });

  it("keeps a plain date", () => {
    expect(toDateInputValue("2026-11-01")).toBe("2026-11-01");
  });

  it("gives an empty string for empty or unreadable values", () => {
    expect(toDateInputValue("")).toBe("");
    expect(toDateInputValue(null)).toBe("");
    expect(toDateInputValue(undefined)).toBe("");
    expect(toDateInputValue("next tuesday")).toBe("");
  });
});

describe("toTimeInputValue", () => {
  it("reduces an ISO timestamp to HH:MM", () => {
    expect(toTimeInputValue("2026-03-11T14:05:00.000Z")).toBe("14:05");
    expect(toTimeInputValue("2026-03-11T09:30:00+02:00")).toBe("09:30");
  });

  it("drops the seconds of a plain time", () => {
    expect(toTimeInputValue("14:05:30")).toBe("14:05");
    expect(toTimeInputValue("14:05")).toBe("14:05");
  });

  it("gives an empty string for empty or unreadable values", () => {
    expect(toTimeInputValue("")).toBe("");
    expect(toTimeInputValue(null)).toBe("");
    expect(toTimeInputValue("2026-03-11")).toBe("");
    expect(toTimeInputValue("soon")).toBe("");
  });
});
