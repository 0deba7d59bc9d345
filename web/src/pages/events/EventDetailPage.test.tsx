import { describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import type { TEventRequest } from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { aSessionUser, anApprover, anEventRequest } from "../../testing/fixtures.ts";
import { renderPage, seedViewerZone } from "../../testing/render-page.tsx";
import { EventDetailPage } from "./EventDetailPage.tsx";

/* Ana (u1) asks Bruno (u2, required) and Carla (u3, optional); Bruno is in Los Angeles. */

const request: TEventRequest = anEventRequest({
  id: "er9",
  title: "Planning",
  start_date: { date_time: "2026-11-26T15:00", time_zone: "UTC" },
  end_date: { date_time: "2026-11-26T16:00", time_zone: "UTC" },
  created_by: "u1",
  created_by_full_name: "Ana Silva",
  created_at: "2026-11-20T23:30:00Z",
  approvers: [
    anApprover({ id: "a1", user_id: "u2", required: true, status: "pending", full_name: "Bruno Costa" }),
    anApprover({ id: "a2", user_id: "u3", required: false, status: "pending", full_name: "Carla Dias" }),
  ],
});

function renderDetail(shown: TEventRequest, viewerId: string, viewerZone: string): string {
  return renderPage(
    <Routes>
      <Route path="/events/:id" element={<EventDetailPage />} />
    </Routes>,
    {
      path: `/events/${shown.id}`,
      session: aSessionUser({ id: viewerId }),
      seed: (client) => {
        seedViewerZone(client, viewerZone);
        client.setQueryData(keys.eventRequest(shown.id), shown);
      },
      queries: { enabled: false },
    },
  );
}

describe("EventDetailPage, seen by a reviewer in another zone", () => {
  const html = renderDetail(request, "u2", "America/Los_Angeles");

  it("shows the event's time with its zone and the reviewer's own time beside it", () => {
    expect(html).toContain("Thu, Nov 26, 2026, 3:00 PM UTC");
    expect(html).toContain(">7:00 AM your time<");
    expect(html).toContain(">8:00 AM your time<");
  });

  it("keeps Created in the viewer's time, and names the organizer", () => {
    // 23:30 UTC on Nov 20 is still Nov 20 in Los Angeles.
    expect(html).toContain("Created Nov 20, 2026 by Ana Silva");
  });

  it("words the progress so required and optional read apart", () => {
    expect(html).toContain("0 of 1 required approvals · optional: 0 of 1 answered");
    expect(html).toContain("Bruno Costa (you)");
    expect(html).toContain(">Pending · optional<");
  });

  it("asks for the reviewer's answer and says what it decides", () => {
    expect(html).toContain("Your review");
    expect(html).toContain("Ana Silva needs your answer: as a required reviewer, your approval is needed before the event is created.");
    expect(html).toContain(">Approve<");
  });

  it("once approved, says the event is on the organizer's calendar, not 'Added to Google Calendar'", () => {
    const approved: TEventRequest = {
      ...request,
      status: "approved",
      approval_status: "approved",
      google_event_id: "g1",
      approvers: [{ ...request.approvers[0]!, status: "approved", responded_at: "2026-11-21T17:00:00Z" }, request.approvers[1]!],
    };
    const seen = renderDetail(approved, "u2", "America/Los_Angeles");
    expect(seen).toContain("On Ana Silva&#x27;s calendar");
    expect(seen).not.toContain("Added to Google Calendar");
    expect(seen).toContain("1 of 1 required approvals · optional: 0 of 1 answered");
    expect(seen).toContain(">No answer · optional<");
    expect(seen).toContain("Responded <time"); // in the viewer's time: 9:00 AM in Los Angeles
    expect(seen).toContain("Nov 21, 2026, 9:00 AM");
    expect(renderDetail(approved, "u1", "UTC")).toContain("Added to Google Calendar");
    expect(seen).not.toContain("in Google Calendar");
  });

  it("shows a reviewer's answer to the Google invitation under their review", () => {
    const approved: TEventRequest = {
      ...request,
      status: "approved",
      approval_status: "approved",
      google_event_id: "g1",
      approvers: [{ ...request.approvers[0]!, status: "approved", responded_at: "2026-11-21T17:00:00Z", google_response: "accepted" }, request.approvers[1]!],
    };
    expect(renderDetail(approved, "u1", "UTC")).toContain("Accepted in Google Calendar");
  });

  it("after a material change the reviewer sees it pending again, and why", () => {
    const reopened: TEventRequest = { ...request, updated_at: "2026-11-22T10:00:00Z" };
    const seen = renderDetail(reopened, "u2", "America/Los_Angeles");
    expect(seen).toContain('class="pill pill--secondary">Pending<');
    expect(seen).toContain("If you answered before: the date, time, place or how it repeats changed since, so it needs your answer again.");
  });
});

describe("EventDetailPage, seen by its creator in the event's zone", () => {
  const html = renderDetail(request, "u1", "UTC");

  it("shows the times without a zone or 'your time', and no review card", () => {
    expect(html).toContain("Thu, Nov 26, 2026, 3:00 PM");
    expect(html).not.toContain("your time");
    expect(html).not.toContain("Your review");
    expect(html).toContain("Created Nov 20, 2026<");
  });
});

describe("EventDetailPage, a repeating request (issue 16)", () => {
  const weekly = { ...request, recurrence: "FREQ=WEEKLY;BYDAY=TH;COUNT=10" };

  it("says how it repeats in words, in the event's time with its zone named when the viewer's clocks differ, and that approval covers the series", () => {
    const html = renderDetail(weekly, "u2", "America/Los_Angeles");
    expect(html).toContain("<dt>Repeats</dt>");
    expect(html).toContain("Every Thursday at 3:00 PM (UTC), 10 times. Approval covers every occurrence");
    expect(renderDetail(weekly, "u1", "UTC")).toContain("Every Thursday at 3:00 PM, 10 times. Approval covers every occurrence");
  });

  it("says nothing about repeating for a one-off", () => {
    expect(renderDetail(request, "u1", "UTC")).not.toContain("Repeats");
  });
});
