import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { anApprover, anEventRequest } from "../../testing/fixtures.ts";
import { EventRequestDetails } from "./EventRequestDetailsModal.tsx";

const request = anEventRequest({
  description: "Bring ideas",
  location: "Cafe",
  end_date: { date_time: "2026-03-11T13:30", time_zone: "UTC" },
  requested_approvals: 2,
  completed_count: 1,
  approvers: [
    anApprover({ id: "a1", user_id: "u2", status: "approved", responded_at: "2026-03-02T10:00:00Z", full_name: "Ana Silva" }),
    anApprover({ id: "a2", user_id: "u3", required: false, full_name: null }),
  ],
});

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
