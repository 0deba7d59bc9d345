import type { TAssistantResult, TProposal } from "@amia/contracts";

/*
 * Test fixtures for the chat (tests only). Each builder gives a valid object with plain
 * defaults; a test overrides only the fields it is about.
 */

/** "Create Lunch with Bruno": Fri 27 Nov 2026, 13:00–14:00 in Lisbon, Bruno required, open. */
export function aProposal(overrides: Partial<TProposal> = {}): TProposal {
  return {
    id: "p1",
    kind: "create",
    status: "open",
    summary: "Create Lunch with Bruno",
    event: {
      title: "Lunch with Bruno",
      description: null,
      location: "Joe's",
      notes: null,
      start_date: { date_time: "2026-11-27T13:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-11-27T14:00", time_zone: "Europe/Lisbon" },
      duration_minutes: 60,
      duration_source: "default",
      reviewers: [{ user_id: "u2", full_name: "Bruno Costa", email: "bruno@example.com", required: true }],
    },
    event_request_id: null,
    changes: [],
    before: null,
    next_step: "sent_for_review",
    questions: [],
    created_at: "2026-11-23T10:00:00.000Z",
    expires_at: "2026-11-23T11:00:00.000Z",
    confirmed_at: null,
    undo_until: null,
    ...overrides,
  };
}

/** The user's events for a week, in Lisbon: one pending lunch. */
export function anEventsResult(items: Extract<TAssistantResult, { kind: "events" }>["items"] = [
  {
    id: "er1",
    title: "Team lunch",
    start_date: { date_time: "2026-11-24T12:00", time_zone: "Europe/Lisbon" },
    end_date: { date_time: "2026-11-24T13:00", time_zone: "Europe/Lisbon" },
    status: "pending",
    role: "creator",
  },
]): TAssistantResult {
  return { kind: "events", from: "2026-11-23T00:00:00.000Z", to: "2026-11-30T00:00:00.000Z", time_zone: "Europe/Lisbon", items };
}
