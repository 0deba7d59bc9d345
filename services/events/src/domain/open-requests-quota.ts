/*
 * How many event requests one person may have waiting for answers at once (issue 13 point 3):
 * each one asks its reviewers for something, so a loop creating them must end. Counted from the
 * stored requests, so it holds whichever way they were created (the web app, the assistant, the
 * API). A stored count, not a rate: waiting does not lift it, answers and deletions do, so it is
 * a 409 `conflict`, not a 429. Pure.
 */

/** Far past what a person keeps open (the probe held 200); a script stops here. */
export const DEFAULT_MAX_OPEN_REQUESTS_PER_USER = 200;

export type OpenQuotaVerdict = { allowed: true } | { allowed: false; message: string };

/** `openCount`: the person's requests still pending (not deleted), before this one. */
export function mayOpenAnother(openCount: number, max: number): OpenQuotaVerdict {
  if (openCount < max) return { allowed: true };
  return {
    allowed: false,
    message: `You have ${max} event requests waiting for answers, the most one person may have open; delete some, or wait for answers, and try again`,
  };
}
