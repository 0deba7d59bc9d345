import type { TEventDate } from "@amia/contracts";
import { formatDateTime, formatShortDate } from "../../lib/format.ts";

/*
 * One side (start or end) of an event as the Events screens show it, on the clocks of its own
 * time_zone: the list's short date ("Mar 11, 2026") and the detail page's date and time.
 */

/** "Mar 11, 2026"; "" when unreadable. */
export function eventShortDate(value: TEventDate | null | undefined): string {
  if (!value) return "";
  if (value.date !== undefined) return formatShortDate(value.date.split("T")[0]);
  return formatShortDate(value.date_time, value.time_zone);
}

/** "Mar 11, 2026, 2:05 PM", or "Mar 11, 2026 (all day)"; "" when unreadable. */
export function eventDateTime(value: TEventDate | null | undefined): string {
  if (!value) return "";
  if (value.date !== undefined) {
    const date = formatShortDate(value.date.split("T")[0]);
    return date ? `${date} (all day)` : "";
  }
  return formatDateTime(value.date_time, value.time_zone);
}
