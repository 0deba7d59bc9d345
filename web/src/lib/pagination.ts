/*
 * Pagination arithmetic (SPEC.md section 9): page = floor(skip/take)+1, total pages =
 * ceil(total/take). Previous and Next are disabled at the ends.
 */

/** The 1-based page that `skip` falls on. A non-positive `take` counts as a single page. */
export function pageOf(skip: number, take: number): number {
  if (take <= 0) return 1;
  return Math.floor(Math.max(0, skip) / take) + 1;
}

/** How many pages `total` items fill; never fewer than 1, so an empty list reads "Page 1 of 1". */
export function totalPages(total: number, take: number): number {
  if (take <= 0) return 1;
  return Math.max(1, Math.ceil(total / take));
}

/** Whether a list needs its Previous / Next: more than one page, or a page past the first. */
export function isPaged(skip: number, take: number, total: number): boolean {
  return totalPages(total, take) > 1 || hasPrevious(skip);
}

export function hasPrevious(skip: number): boolean {
  return skip > 0;
}

export function hasNext(skip: number, take: number, total: number): boolean {
  return skip + take < total;
}

/** The skip of the previous page (never below 0). */
export function previousSkip(skip: number, take: number): number {
  return Math.max(0, skip - take);
}

/** The skip of the next page. */
export function nextSkip(skip: number, take: number): number {
  return skip + take;
}
