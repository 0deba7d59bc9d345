import { describe, expect, it } from "vitest";
import { currentMonth, monthOf, monthOptions, monthRange, monthRangeOf, parseMonthValue } from "./month.ts";

describe("monthRange", () => {
  it("runs from the first day 00:00:00.000 to the last day 23:59:59.999, local time", () => {
    const { startDate, endDate } = monthRange(2026, 10); // November
    const start = new Date(startDate);
    const end = new Date(endDate);
    expect([start.getFullYear(), start.getMonth(), start.getDate()]).toEqual([2026, 10, 1]);
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2026, 10, 30]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([23, 59, 59, 999]);
    expect(startDate).toBe(new Date(2026, 10, 1).toISOString());
  });
  it("knows month lengths, leap years and December", () => {
    expect(new Date(monthRange(2028, 1).endDate).getDate()).toBe(29);
    expect(new Date(monthRange(2026, 1).endDate).getDate()).toBe(28);
    const december = new Date(monthRange(2026, 11).endDate);
    expect([december.getFullYear(), december.getMonth(), december.getDate()]).toEqual([2026, 11, 31]);
  });
  it("is the same for a month value", () => {
    expect(monthRangeOf("2026-11")).toEqual(monthRange(2026, 10));
    expect(monthRangeOf("2026-13")).toBeNull();
    expect(parseMonthValue("2026-01")).toEqual({ year: 2026, monthIndex: 0 });
  });
});

describe("currentMonth / monthOptions", () => {
  const now = new Date(2026, 1, 15, 12); // 15 Feb 2026, local
  it("names the current month", () => {
    expect(currentMonth(now)).toEqual({ year: 2026, monthIndex: 1, value: "2026-02", label: "February 2026" });
  });
  it("lists months newest first, across the year boundary", () => {
    expect(monthOptions(now, 4)).toEqual([
      { value: "2026-02", label: "February 2026" },
      { value: "2026-01", label: "January 2026" },
      { value: "2025-12", label: "December 2025" },
      { value: "2025-11", label: "November 2025" },
    ]);
    expect(monthOptions(now, 0)).toEqual([]);
  });
  it("normalises month indexes out of range", () => {
    expect(monthOf(2026, 12).value).toBe("2027-01");
    expect(monthOf(2026, -1).label).toBe("December 2025");
  });
});
