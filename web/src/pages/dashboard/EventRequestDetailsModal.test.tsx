import { describe, expect, it } from "vitest";
import type { TEventRequest } from "@amia/contracts";
import { aSessionUser, anApprover, anEventRequest } from "../../testing/fixtures.ts";
import { renderPage, seedViewerZone } from "../../testing/render-page.tsx";
import { EventRequestDetails } from "./EventRequestDetailsModal.tsx";

const request = anEventRequest({
  description: "Bring ideas",
  location: "Cafe",
  end_date: { date_time: "2026-03-11T13:30", time_zone: "UTC" },
  approvers: [
    anApprover({ id: "a1", user_id: "u2", status: "approved", responded_at: "2026-03-02T10:00:00Z", full_name: "Ana Silva" }),
    anApprover({ id: "a2", user_id: "u3", required: false, full_name: null }),
  ],
});

/** The modal's body as `viewerId` (u1 made the fixture's request) sees it from `viewerZone`. */
function render(shown: TEventRequest, { viewerId = "u1", viewerZone = "UTC" } = {}): string {
  return renderPage(<EventRequestDetails request={shown} />, {
    session: aSessionUser({ id: viewerId }),
    seed: (client) => seedViewerZone(client, viewerZone),
  });
}

describe("EventRequestDetails", () => {
  const html = render(request);

  it("shows the fields, the times on the event's clocks", () => {
    expect(html).toContain("Team lunch");
    expect(html).toContain("Wed, Mar 11, 2026, 12:00 PM");
    expect(html).toContain("Wed, Mar 11, 2026, 1:30 PM");
    expect(html).not.toContain("your time");
    expect(html).toContain("Cafe");
    expect(html).toContain("Bring ideas");
    expect(html).toContain("Not provided");
  });

  it("names the zone and the viewer's time when the viewer is elsewhere", () => {
    const away = render(request, { viewerZone: "America/Los_Angeles" });
    expect(away).toContain("Wed, Mar 11, 2026, 12:00 PM UTC");
    expect(away).toContain(">5:00 AM your time<");
  });

  it("shows each reviewer's name, Required/Optional and answer; a missing name has a plain fallback", () => {
    expect(html).toContain("Ana Silva");
    expect(html).toContain(">Reviewer 2<");
    expect(html).not.toContain("Unknown reviewer");
    expect(html).toContain(">Required<");
    expect(html).toContain(">Optional<");
    expect(html).toContain(">Approved<");
    expect(html).toContain(">Pending · optional<");
  });

  it("counts required approvals on the bar and optional answers apart", () => {
    expect(html).toContain("1 of 1 required approvals · optional: 0 of 1 answered");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100"[^>]*aria-valuenow="100"/);
  });

  it("an optional-only request approved at once reads so; an optional rejection stays that reviewer's", () => {
    const optionalOnly = render({
      ...request,
      status: "approved",
      approval_status: "approved",
      approvers: [anApprover({ id: "a2", user_id: "u3", required: false, status: "rejected", full_name: "Bruno Costa" })],
    });
    expect(optionalOnly).toContain("Approved — no required reviewers · optional: 1 of 1 answered");
    expect(optionalOnly).toContain(">Rejected · optional<");
    expect(optionalOnly).toContain('class="pill pill--primary">Approved<');
  });

  it("says No reviewers, with no bar, when nobody was asked", () => {
    const none = render({ ...request, approvers: [], requested_approvals: 0, completed_count: 0, status: "approved", approval_status: "no_approvals" });
    expect(none).toContain("No reviewers");
    expect(none).not.toContain('role="progressbar"');
  });

  it("tells the creator the event is on their calendar, and a reviewer whose calendar it is", () => {
    const synced = { ...request, status: "approved" as const, google_event_id: "g1", created_by_full_name: "Ada Lovelace" };
    expect(render(synced)).toContain("Added to Google Calendar");
    const reviewer = render(synced, { viewerId: "u2" });
    expect(reviewer).toContain("On Ada Lovelace&#x27;s calendar");
    expect(reviewer).not.toContain("Added to Google Calendar");
    expect(reviewer).toContain("Ana Silva (you)");
  });
});
