/*
 * Months for the AI usage tab (SPEC.md section 9): the selector defaults to the current month
 * and the range runs from the first day 00:00:00.000 to the last day 23:59:59.999, local time.
 * Month values are "YYYY-MM"; monthIndex is 0-based like Date's.
 */

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type MonthOption = { value: string; label: string };
export type Month = MonthOption & { year: number; monthIndex: number };

/** ISO instants of the month's first moment and last millisecond, in the browser's local time. */
export function monthRange(year: number, monthIndex: number): { startDate: string; endDate: string } {
  const start = new Date(year, monthIndex, 1, 0, 0, 0, 0);
  const end = new Date(year, monthIndex + 1, 0, 23, 59, 59, 999); // day 0 of the next month
  return { startDate: start.toISOString(), endDate: end.toISOString() };
}

/** A month as value ("2026-11"), label ("November 2026"), year and monthIndex (0-based). */
export function monthOf(year: number, monthIndex: number): Month {
  const normal = new Date(year, monthIndex, 1); // normalises monthIndex -1 or 12
  const y = normal.getFullYear();
  const m = normal.getMonth();
  return {
    year: y,
    monthIndex: m,
    value: `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}`,
    label: `${MONTH_NAMES[m] ?? ""} ${y}`,
  };
}

/** The month `now` falls in (local time). */
export function currentMonth(now: Date): Month {
  return monthOf(now.getFullYear(), now.getMonth());
}

/** The current month and the `count - 1` before it, newest first. */
export function monthOptions(now: Date, count: number): MonthOption[] {
  const options: MonthOption[] = [];
  for (let back = 0; back < count; back += 1) {
    const { value, label } = monthOf(now.getFullYear(), now.getMonth() - back);
    options.push({ value, label });
  }
  return options;
}

/** "2026-11" back to its year and monthIndex, or null. */
export function parseMonthValue(value: string): { year: number; monthIndex: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { year: Number(match[1]), monthIndex: month - 1 };
}

/** monthRange of a "YYYY-MM" value, or null. */
export function monthRangeOf(value: string): { startDate: string; endDate: string } | null {
  const parsed = parseMonthValue(value);
  return parsed ? monthRange(parsed.year, parsed.monthIndex) : null;
}
