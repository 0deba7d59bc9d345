import type { TApprover, TEventRequest, TSessionUser } from "@amia/contracts";

/*
 * Test fixtures (tests only: production code never imports web/src/testing/). Each builder gives a
 * valid object with plain defaults; a test overrides only the fields it is about.
 */

/** A pending, required reviewer who has not answered yet (no `full_name`, as the services send it). */
export function anApprover(overrides: Partial<TApprover> = {}): TApprover {
  return {
    id: "a1",
    user_id: "u2",
    required: true,
    status: "pending",
    response_notes: null,
    responded_at: null,
    ...overrides,
  };
}

/** "Team lunch" on 2026-03-11, 12:00 to 13:00 UTC, pending, one approval asked, no reviewers listed. */
export function anEventRequest(overrides: Partial<TEventRequest> = {}): TEventRequest {
  return {
    id: "er1",
    title: "Team lunch",
    description: null,
    location: null,
    notes: null,
    start_date: { date_time: "2026-03-11T12:00", time_zone: "UTC" },
    end_date: { date_time: "2026-03-11T13:00", time_zone: "UTC" },
    importance_level: 1,
    status: "pending",
    approval_status: "pending",
    requested_approvals: 1,
    completed_count: 0,
    approvers: [],
    created_by: "u1",
    created_at: "2026-03-01T10:00:00Z",
    updated_at: "2026-03-01T10:00:00Z",
    google_event_id: null,
    ...overrides,
  };
}

/** Ada, signed in with Google; no full name, unconfirmed email, never signed in before. */
export function aSessionUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: "u1",
    email: "ada@example.com",
    user_metadata: { name: "Ada Lovelace", full_name: null },
    app_metadata: { provider: "google" },
    email_confirmed_at: null,
    created_at: "2026-01-02T10:00:00.000Z",
    last_sign_in_at: null,
    ...overrides,
  };
}
