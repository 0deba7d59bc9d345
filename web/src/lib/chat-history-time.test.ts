import { describe, expect, it } from "vitest";
import { formatHistoryTime } from "./chat-history-time.ts";

const HOUR = 60 * 60 * 1000;
// Wednesday 11 March 2026, 15:00 UTC = 15:00 in Lisbon (winter time, UTC+0), 00:00 Thursday in Tokyo.
const now = new Date(Date.UTC(2026, 2, 11, 15, 0));
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("formatHistoryTime", () => {
  it("under 24 hours shows a 24-hour time", () => {
    expect(formatHistoryTime(ago(55 * 60 * 1000), now, "Europe/Lisbon")).toBe("14:05");
    expect(formatHistoryTime(ago(0), now, "Europe/Lisbon")).toBe("15:00");
    expect(formatHistoryTime(ago(24 * HOUR - 1), now, "UTC")).toBe("15:00");
    expect(formatHistoryTime(ago(15 * HOUR), now, "UTC")).toBe("00:00");
  });

  it("at exactly 24 hours switches to the weekday", () => {
    expect(formatHistoryTime(ago(24 * HOUR), now, "UTC")).toBe("Tuesday");
    expect(formatHistoryTime(ago(3 * 24 * HOUR), now, "UTC")).toBe("Sunday");
  });

  it("under 168 hours shows the weekday in the given zone", () => {
    expect(formatHistoryTime(ago(168 * HOUR - 1), now, "UTC")).toBe("Wednesday");
    // 30 h ago is Tuesday 09:00 UTC, already Tuesday 18:00 in Tokyo; 40 h ago is Monday 23:00 UTC, Tuesday in Tokyo.
    expect(formatHistoryTime(ago(40 * HOUR), now, "UTC")).toBe("Monday");
    expect(formatHistoryTime(ago(40 * HOUR), now, "Asia/Tokyo")).toBe("Tuesday");
  });

  it("at 168 hours and beyond shows month and day", () => {
    expect(formatHistoryTime(ago(168 * HOUR), now, "UTC")).toBe("Mar 4");
    expect(formatHistoryTime(new Date(Date.UTC(2025, 11, 31, 23, 30)), now, "UTC")).toBe("Dec 31");
    expect(formatHistoryTime(new Date(Date.UTC(2025, 11, 31, 23, 30)), now, "Asia/Tokyo")).toBe("Jan 1");
  });

  it("accepts ISO strings, treats the future as recent, refuses garbage", () => {
    expect(formatHistoryTime("2026-03-11T09:30:00Z", now, "UTC")).toBe("09:30");
    expect(formatHistoryTime("2026-03-11T16:00:00Z", now, "UTC")).toBe("16:00");
    expect(formatHistoryTime("yesterday", now, "UTC")).toBe("");
  });
});
