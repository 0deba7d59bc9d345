import { describe, expect, it } from "vitest";
import type { TSyncJob, TSyncJobsResponse } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { renderPage, seedQueryError, type Seed } from "../../testing/render-page.tsx";
import { SyncJobsPage } from "./SyncJobsPage.tsx";

/* Static renders (no DOM in this project): the cache is filled beforehand, nothing is fetched. */

const withError = (error: unknown): Seed => (client) => seedQueryError(client, keys.syncJobs, error);

const render = (seed?: Seed): string => renderPage(<SyncJobsPage />, { path: "/admin/sync-jobs", seed });

const failedJob: TSyncJob = {
  id: "req1.create",
  event_request_id: "req1",
  operation: "create",
  state: "failed",
  attempts_made: 5,
  failed_reason: "Google Calendar is unavailable",
  finished_at: "2026-03-11T14:05:00.000Z",
};

const withJobs = (body: TSyncJobsResponse): Seed => (client) => client.setQueryData(keys.syncJobs, body);

describe("SyncJobsPage", () => {
  it("shows skeletons while loading", () => {
    const html = render();
    expect(html).toContain("<h1");
    expect(html).toContain("Calendar sync jobs");
    expect(html).toContain("skeleton");
    expect(html).not.toContain("No failed jobs");
  });

  it("shows the counts in order and the failed jobs with a Retry each", () => {
    const html = render(
      withJobs({
        counts: { waiting: 1, active: 2, delayed: 3, completed: 40, failed: 1 },
        failed: [failedJob, { ...failedJob, id: "orphan", event_request_id: null, operation: null, failed_reason: null, finished_at: null }],
      }),
    );
    const labels = [...html.matchAll(/sync-jobs-stat__label">([^<]+)</g)].map((match) => match[1]);
    expect(labels).toEqual(["Waiting", "Active", "Delayed", "Completed", "Failed"]);
    const values = [...html.matchAll(/sync-jobs-stat__value">([^<]+)</g)].map((match) => match[1]);
    expect(values).toEqual(["1", "2", "3", "40", "1"]);
    expect(html).toContain('href="/events/req1"');
    expect(html).toContain("Google Calendar is unavailable");
    expect(html).toContain("Mar 11, 2026");
    expect(html.match(/>Retry</g)).toHaveLength(2);
    expect(html).toContain(" job orphan");
    expect(html).not.toContain("No failed jobs");
  });

  it("says so when nothing failed", () => {
    const html = render(withJobs({ counts: { waiting: 0, active: 0, delayed: 0, completed: 3, failed: 0 }, failed: [] }));
    expect(html).toContain("No failed jobs");
    expect(html).not.toContain("<table");
  });

  it("shows only the operators' warning on a 403", () => {
    const html = render(withError(new ApiError(403, "Only operators may see the sync jobs", "forbidden")));
    expect(html).toContain("Only operators may see the sync jobs.");
    expect(html).toContain("note--warning");
    expect(html).not.toContain("Try Again");
    expect(html).not.toContain("sync-jobs-stat");
    expect(html).not.toContain("Failed jobs");
  });

  it("shows other errors in plain words, never the server's, and Try Again", () => {
    const html = render(withError(new ApiError(503, "Queue unavailable", "upstream_unavailable")));
    expect(html).toContain("note--error");
    expect(html).toContain("Part of Amia isn&#x27;t answering right now. Please try again in a moment.");
    expect(html).not.toContain("Queue unavailable");
    expect(html).toContain("Try Again");
  });
});
