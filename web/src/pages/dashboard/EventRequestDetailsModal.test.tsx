import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { TEventRequest } from "@amia/contracts";
import { EventRequestDetails } from "./EventRequestDetailsModal.tsx";

const request: TEventRequest = {
  id: "er1",
  title: "Team lunch",
  description: "Bring ideas",
  location: "Cafe",
  notes: null,
  start_date: { date_time: "2026-03-11T12:00", time_zone: "UTC" },
  end_date: { date_time: "2026-03-11T13:30", time_zone: "UTC" },
  importance_level: 1,
  status: "pending",
  approval_status: "pending",
  requested_approvals: 2,
  completed_count: 1,
  approvers: [
    { id: "a1", user_id: "u2", required: true, status: "approved", response_notes: null, responded_at: "2026-03-02T10:00:00Z", full_name: "Ana Silva" },
    { id: "a2", user_id: "u3", required: false, status: "pending", response_notes: null, responded_at: null, full_name: null },
  ],
  created_by: "u1",
  created_at: "2026-03-01T10:00:00Z",
  updated_at: "2026-03-01T10:00:00Z",
  google_event_id: null,
};

describe("EventRequestDetails", () => {
  const html = renderToStaticMarkup(<EventRequestDetails request={request} />);

  it("shows the fields", () => {
    expect(html).toContain("Team lunch");
    expect(html).toContain("Mar 11, 2026, 12:00 PM");
    expect(html).toContain("Mar 11, 2026, 1:30 PM");
    expect(html).toContain("Cafe");
    expect(html).toContain("Bring ideas");
    expect(html).toContain("Not provided");
  });

  it("shows each reviewer's name, Required/Optional and status", () => {
    expect(html).toContain("Ana Silva");
    expect(html).toContain("Unknown reviewer");
    expect(html).toContain(">Required<");
    expect(html).toContain(">Optional<");
    expect(html).toContain(">Approved<");
  });

  it("shows the approvals line with a progress bar", () => {
    expect(html).toContain("1 of 2 approvals completed");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100"[^>]*aria-valuenow="50"/);
  });

  it("says No Reviewers when nobody was asked", () => {
    const none = renderToStaticMarkup(
      <EventRequestDetails request={{ ...request, approvers: [], requested_approvals: 0, completed_count: 0, approval_status: "no_approvals" }} />,
    );
    expect(none).toContain("No Reviewers");
    expect(none).toContain("0 of 0 approvals completed");
  });
});
