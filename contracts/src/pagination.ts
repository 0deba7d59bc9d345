import { z } from "zod";
import { queryIntegerWithDefault } from "./common.ts";

/** SPEC.md section 9: 10 items a page for relationships, event requests and AI usage. */
export const DEFAULT_TAKE = 10;
/** SPEC.md section 9: notifications default to 50 a page. */
export const DEFAULT_NOTIFICATIONS_TAKE = 50;
/** No page is larger than this, whatever the caller asks (keeps one request cheap). */
export const MAX_TAKE = 100;

/**
 * `skip` / `take` of a paged list, coerced from the URL. The one place the defaults live.
 * Use as `paginationQuery(DEFAULT_TAKE).extend({ ...filters })`.
 */
export function paginationQuery(defaultTake: number) {
  return z.object({
    skip: queryIntegerWithDefault("skip", { min: 0 }, 0),
    take: queryIntegerWithDefault("take", { min: 0, max: MAX_TAKE }, defaultTake),
  });
}
export type TPaginationQuery = z.infer<ReturnType<typeof paginationQuery>>;

/**
 * The page fields every paged response carries beside its list (wire names: `skip`, `take`,
 * `total_count`). Spread into a response object: `z.object({ notifications: ..., ...pageShape })`.
 */
export const pageShape = {
  skip: z.number().int().min(0),
  take: z.number().int().min(0),
  /** Items matching the filters over all pages, not only this one. */
  total_count: z.number().int().min(0),
};
