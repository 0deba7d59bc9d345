import { dateRangeToEpochRange } from "@amia/contracts";
import type { CreatedAtRange } from "../store/usage-records-store.ts";

/**
 * The records a validated `startDate`/`endDate` query covers. The contracts decide what a
 * range means (a day is the whole day in `timeZone`, UTC when absent; both ends inclusive), so
 * this service reads "March" exactly as every other one does; it only turns the instants into
 * the form `created_at` is stored in.
 */
export function createdAtRangeOf(query: { startDate: string; endDate: string; timeZone?: string | undefined }): CreatedAtRange {
  const { fromMs, toExclusiveMs } = dateRangeToEpochRange({ from: query.startDate, to: query.endDate, timeZone: query.timeZone });
  if (fromMs === null || toExclusiveMs === null) throw new RangeError("a usage range has both ends");
  return { from: new Date(fromMs).toISOString(), toExclusive: new Date(toExclusiveMs).toISOString() };
}
