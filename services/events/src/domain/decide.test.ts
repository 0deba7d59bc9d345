import { describe, expect, it } from "vitest";
import type { TCreateEventRequestBody } from "@amia/contracts";
import { decide, type Decision, type EventRequestCommand } from "./decide.ts";
import type { EventRequestState } from "./event-request.ts";

/*
 * Given a state and a command, then the new state and the events it emits (or the refusal).
 * Ana creates; Bruno and Carla review; Dora is nobody to this request.
 */
const ANA = "ana";
const BRUNO = "bruno";
const CARLA = "carla";
const DORA = "dora";
const T0 = "2026-03-01T09:00:00.000Z";
const T1 = "2026-03-02T10:00:00.000Z";

const idMaker = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const at = (now: string) => ({ now, newId: idMaker() });

const lunch = (approvers: TCreateEventRequestBody["approvers"]): TCreateEventRequestBody => ({
  title: "Lunch",
  location: "Café Lisboa",
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  importance_level: 1,
  approvers,
});

const accepted = (decision: Decision) => {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal.reason}`);
  return decision;
};
const refusalOf = (decision: Decision) => (decision.ok ? undefined : decision.refusal);
const typesOf = (decision: Decision) => accepted(decision).events.map((event) => event.type);

const create = (approvers: TCreateEventRequestBody["approvers"], connected = [BRUNO, CARLA]) =>
  decide({ type: "create", creator_id: ANA, creator_full_name: "Ana Silva", body: lunch(approvers), connected_reviewer_ids: new Set(connected) }, null, at(T0));
const created = (approvers: TCreateEventRequestBody["approvers"]) => accepted(create(approvers)).state;

const reviewBy = (reviewerId: string, decision: "approved" | "rejected", notes: string | null = null): EventRequestCommand => ({
  type: "review",
  reviewer_id: reviewerId,
  reviewer_full_name: `${reviewerId} name`,
  decision,
  response_notes: notes,
});
/** The state after each answer in turn. */
const answered = (state: EventRequestState, ...answers: Array<[string, "approved" | "rejected"]>) =>
  answers.reduce((current, [who, what]) => accepted(decide(reviewBy(who, what), current, at(T1))).state, state);

const editBy = (userId: string, changes: Extract<EventRequestCommand, { type: "edit" }>["changes"]): EventRequestCommand => ({
  type: "edit",
  user_id: userId,
  creator_full_name: "Ana Silva",
  changes,
});
const ended = (between: [string, string]): EventRequestCommand => ({
  type: "end-relationship",
  user_ids: between,
  ended_by: between[0],
  full_names: new Map([[ANA, "Ana Silva"], [BRUNO, "Bruno Costa"], [CARLA, "Carla Dias"]]),
});

describe("decide: create", () => {
  it("creates a pending request at version 1 when a reviewer is required, announcing its reviewers", () => {
    const decision = accepted(create([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: false }]));
    expect(decision.state).toMatchObject({
      _id: "id-3",
      created_by: ANA,
      status: "pending",
      approval_status: "pending",
      requested_approvals: 2,
      completed_count: 0,
      reviewer_ids: [BRUNO, CARLA],
      start_at: Date.UTC(2026, 2, 11, 12),
      created_at: T0,
      updated_at: T0,
      deleted_at: null,
      version: 1,
    });
    expect(decision.state.approvers).toEqual([
      { id: "id-1", user_id: BRUNO, required: true, status: "pending", response_notes: null, responded_at: null },
      { id: "id-2", user_id: CARLA, required: false, status: "pending", response_notes: null, responded_at: null },
    ]);
    expect(decision.events).toEqual([
      {
        type: "event-request.created",
        actor_id: ANA,
        data: expect.objectContaining({
          event_request_id: "id-3",
          request_version: 1,
          status: "pending",
          creator_full_name: "Ana Silva",
          approvers: [{ user_id: BRUNO, required: true }, { user_id: CARLA, required: false }],
        }),
      },
    ]);
  });

  it("approves at once, in the same write, when reviewers are only optional or there are none", () => {
    const optional = accepted(create([{ user_id: BRUNO, required: false }]));
    expect(optional.state).toMatchObject({ status: "approved", approval_status: "approved" });
    expect(optional.events.map((e) => e.type)).toEqual(["event-request.created", "event-request.approved"]);
    expect(optional.events[1]).toMatchObject({ actor_id: ANA, data: { reason: "no_required_reviewers", request_version: 1, status: "approved" } });

    const alone = accepted(create([]));
    expect(alone.state).toMatchObject({ status: "approved", approval_status: "no_approvals", requested_approvals: 0 });
    expect(typesOf(create([]))).toEqual(["event-request.created", "event-request.approved"]);
  });

  it("refuses reviewers the creator is not connected with, and the creator as reviewer", () => {
    const refusal = refusalOf(create([{ user_id: BRUNO, required: true }, { user_id: DORA, required: true }, { user_id: ANA, required: false }]));
    expect(refusal).toMatchObject({ reason: "invalid_fields" });
    expect(refusal?.reason === "invalid_fields" && refusal.fields.map((f) => f.path)).toEqual(["approvers.1.user_id", "approvers.2.user_id"]);
  });

  it("refuses to create over an existing request", () => {
    const existing = created([]);
    const command: EventRequestCommand = { type: "create", creator_id: ANA, creator_full_name: null, body: lunch([]), connected_reviewer_ids: new Set() };
    expect(refusalOf(decide(command, existing, at(T0)))).toEqual({ reason: "already_exists" });
  });
});

describe("decide: review", () => {
  it("records the answer at the next version and approves once every required reviewer approved", () => {
    const request = created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: true }]);
    const first = accepted(decide(reviewBy(BRUNO, "approved", "Fine by me"), request, at(T1)));
    expect(first.state).toMatchObject({ status: "pending", completed_count: 1, version: 2 });
    expect(first.state.approvers[0]).toMatchObject({ status: "approved", response_notes: "Fine by me", responded_at: T1 });
    expect(first.events).toEqual([
      {
        type: "event-request.review-recorded",
        actor_id: BRUNO,
        data: expect.objectContaining({ request_version: 2, reviewer_id: BRUNO, reviewer_full_name: "bruno name", required: true, status: "approved", completed_count: 1, requested_approvals: 2 }),
      },
    ]);

    const second = accepted(decide(reviewBy(CARLA, "approved"), first.state, at(T1)));
    expect(second.state).toMatchObject({ status: "approved", approval_status: "approved", completed_count: 2, version: 3 });
    expect(second.events.map((e) => [e.type, e.data.request_version])).toEqual([
      ["event-request.review-recorded", 3],
      ["event-request.approved", 3],
    ]);
    expect(second.events[1]).toMatchObject({ actor_id: CARLA, data: { reason: "all_required_approved", status: "approved" } });
  });

  it("rejects on a required rejection and announces it with the reviewer's notes", () => {
    const decision = accepted(decide(reviewBy(BRUNO, "rejected", "Away"), created([{ user_id: BRUNO, required: true }]), at(T1)));
    expect(decision.state).toMatchObject({ status: "rejected", approval_status: "rejected" });
    expect(decision.events[1]).toEqual({
      type: "event-request.rejected",
      actor_id: BRUNO,
      data: { event_request_id: decision.state._id, request_version: 2, created_by: ANA, title: "Lunch", rejected_by: BRUNO, rejected_by_full_name: "bruno name", response_notes: "Away" },
    });
  });

  it("keeps a decided request decided: an optional answer after approval is only recorded", () => {
    const request = created([{ user_id: BRUNO, required: false }]);
    const decision = accepted(decide(reviewBy(BRUNO, "rejected"), request, at(T1)));
    expect(decision.state).toMatchObject({ status: "approved", completed_count: 1 });
    expect(decision.events.map((e) => e.type)).toEqual(["event-request.review-recorded"]);
  });

  it("takes the same answer again by the same reviewer as done: the request as it is, nothing written or announced", () => {
    const request = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const decision = accepted(decide(reviewBy(BRUNO, "approved", "Another note"), request, at(T1)));
    expect(decision.state).toBe(request);
    expect(decision.events).toEqual([]);
  });

  it("refuses someone who is not a reviewer (the creator too), a different second answer, and a deleted or missing request", () => {
    const request = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    expect(refusalOf(decide(reviewBy(ANA, "approved"), request, at(T1)))).toEqual({ reason: "not_a_reviewer" });
    expect(refusalOf(decide(reviewBy(BRUNO, "rejected"), request, at(T1)))).toEqual({ reason: "already_answered" });
    expect(refusalOf(decide(reviewBy(BRUNO, "rejected"), { ...request, deleted_at: T1 }, at(T1)))).toEqual({ reason: "not_found" });
    expect(refusalOf(decide(reviewBy(BRUNO, "rejected"), null, at(T1)))).toEqual({ reason: "not_found" });
  });
});

describe("decide: edit", () => {
  const later = { start_date: { date_time: "2026-03-11T15:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T16:00", time_zone: "Europe/Lisbon" } };

  it("sends an approved request back to pending when its time changes, asking every reviewer who answered again", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: false }]), [CARLA, "rejected"], [BRUNO, "approved"]);
    expect(approved).toMatchObject({ status: "approved", completed_count: 2, version: 3 });

    const decision = accepted(decide(editBy(ANA, later), approved, at(T1)));
    expect(decision.state).toMatchObject({ status: "pending", approval_status: "pending", completed_count: 0, version: 4, updated_at: T1, start_at: Date.UTC(2026, 2, 11, 15) });
    expect(decision.state.approvers.map((a) => [a.user_id, a.status, a.response_notes, a.responded_at])).toEqual([
      [BRUNO, "pending", null, null],
      [CARLA, "pending", null, null],
    ]);
    expect(decision.events).toEqual([
      {
        type: "event-request.updated",
        actor_id: ANA,
        data: expect.objectContaining({
          request_version: 4,
          status: "pending",
          changed_fields: ["start_date", "end_date"],
          creator_full_name: "Ana Silva",
          approvers: [{ user_id: BRUNO, required: true }, { user_id: CARLA, required: false }],
          reviewers_asked_again: [BRUNO, CARLA],
        }),
      },
    ]);
  });

  it("re-approval by the required reviewer announces event-request.approved again, at a higher version", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const reopened = accepted(decide(editBy(ANA, later), approved, at(T1))).state;
    const again = accepted(decide(reviewBy(BRUNO, "approved"), reopened, at(T1)));
    expect(again.state.status).toBe("approved");
    expect(again.events.map((e) => [e.type, e.data.request_version])).toEqual([
      ["event-request.review-recorded", 4],
      ["event-request.approved", 4],
    ]);
  });

  it("a required rejection after the re-review announces event-request.rejected, though it was approved before", () => {
    const reopened = accepted(decide(editBy(ANA, later), answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]), at(T1))).state;
    expect(typesOf(decide(reviewBy(BRUNO, "rejected"), reopened, at(T1)))).toEqual(["event-request.review-recorded", "event-request.rejected"]);
  });

  it("re-opens a rejected request on a material change: the new time may suit the reviewer", () => {
    const rejected = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "rejected"]);
    const decision = accepted(decide(editBy(ANA, { location: "Café Porto" }), rejected, at(T1)));
    expect(decision.state).toMatchObject({ status: "pending", location: "Café Porto" });
    expect(decision.events[0]?.data).toMatchObject({ changed_fields: ["location"], reviewers_asked_again: [BRUNO] });
  });

  it("counts a time zone change as material, even at the same wall-clock time", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const moved = { start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Madrid" }, end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Madrid" } };
    expect(accepted(decide(editBy(ANA, moved), approved, at(T1))).state.status).toBe("pending");
  });

  it("keeps the status when there is no required reviewer, but still asks the optional ones who answered", () => {
    const approved = answered(created([{ user_id: BRUNO, required: false }, { user_id: CARLA, required: false }]), [BRUNO, "approved"]);
    const decision = accepted(decide(editBy(ANA, later), approved, at(T1)));
    expect(decision.state).toMatchObject({ status: "approved", approval_status: "approved", completed_count: 0 });
    expect(decision.events[0]?.data).toMatchObject({ reviewers_asked_again: [BRUNO] });
  });

  it("asks nobody again when nobody had answered", () => {
    const decision = accepted(decide(editBy(ANA, later), created([{ user_id: BRUNO, required: true }]), at(T1)));
    expect(decision.state.status).toBe("pending");
    expect(decision.events[0]?.data).toMatchObject({ reviewers_asked_again: [] });
  });

  it("never resets answers for title, notes, description or importance", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const decision = accepted(decide(editBy(ANA, { title: "Long lunch", notes: "Bring the plans", description: "Q2", importance_level: 4 }), approved, at(T1)));
    expect(decision.state).toMatchObject({ status: "approved", completed_count: 1, title: "Long lunch", importance_level: 4, version: 3 });
    expect(decision.state.approvers[0]?.status).toBe("approved");
    expect(decision.events[0]?.data).toMatchObject({ status: "approved", changed_fields: ["title", "description", "notes", "importance_level"], reviewers_asked_again: [] });
  });

  it("changes nothing, and announces nothing, when every sent value is what is stored (the same time written otherwise too)", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const same = { title: "Lunch", location: "Café Lisboa", start_date: { date_time: "2026-03-11T12:00:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T13:00:00Z", time_zone: "Europe/Lisbon" } };
    const decision = accepted(decide(editBy(ANA, same), approved, at(T1)));
    expect(decision.events).toEqual([]);
    expect(decision.state).toBe(approved);
  });

  it("refuses anyone but the creator, a deleted request, and an end before the start", () => {
    const request = created([{ user_id: BRUNO, required: true }]);
    expect(refusalOf(decide(editBy(BRUNO, { title: "Mine" }), request, at(T1)))).toEqual({ reason: "not_the_creator", action: "edit" });
    expect(refusalOf(decide(editBy(ANA, { title: "Gone" }), { ...request, deleted_at: T1 }, at(T1)))).toEqual({ reason: "not_found" });
    expect(refusalOf(decide(editBy(ANA, { end_date: { date_time: "2026-03-11T11:00", time_zone: "Europe/Lisbon" } }), request, at(T1)))).toEqual({
      reason: "invalid_fields",
      fields: [{ path: "end_date", message: "end_date must not be before start_date" }],
    });
  });
});

describe("decide: a repeating request (issue 16)", () => {
  // 11 Mar 2026 is a Wednesday.
  const weekly = (approvers: TCreateEventRequestBody["approvers"]) =>
    accepted(decide({ type: "create", creator_id: ANA, creator_full_name: "Ana Silva", body: { ...lunch(approvers), recurrence: "FREQ=WEEKLY;BYDAY=WE" }, connected_reviewer_ids: new Set([BRUNO]) }, null, at(T0)));

  it("keeps the rule on the request and in what its events carry; a one-off carries null", () => {
    const decision = weekly([{ user_id: BRUNO, required: true }]);
    expect(decision.state.recurrence).toBe("FREQ=WEEKLY;BYDAY=WE");
    expect(decision.events[0]?.data).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=WE" });
    expect(accepted(create([])).events.map((event) => (event.data as { recurrence?: unknown }).recurrence)).toEqual([null, null]);
  });

  it("approval covers the series: changing the rule asks the reviewers again, like a new time", () => {
    const approved = answered(weekly([{ user_id: BRUNO, required: true }]).state, [BRUNO, "approved"]);
    const decision = accepted(decide(editBy(ANA, { recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE" }), approved, at(T1)));
    expect(decision.state).toMatchObject({ status: "pending", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE" });
    expect(decision.events[0]?.data).toMatchObject({ changed_fields: ["recurrence"], reviewers_asked_again: [BRUNO], recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE" });
    const stopped = accepted(decide(editBy(ANA, { recurrence: null }), approved, at(T1)));
    expect(stopped.state).toMatchObject({ status: "pending", recurrence: null });
  });

  it("the same rule again, or null on a request from before recurrence existed, is no change", () => {
    const request = weekly([{ user_id: BRUNO, required: true }]).state;
    expect(accepted(decide(editBy(ANA, { recurrence: "FREQ=WEEKLY;BYDAY=WE" }), request, at(T1))).events).toEqual([]);
    const { recurrence: _dropped, ...older } = created([{ user_id: BRUNO, required: true }]);
    expect(accepted(decide(editBy(ANA, { recurrence: null }), older, at(T1))).events).toEqual([]);
  });

  it("refuses a rule that does not fit the stored start, and a new start the stored rule does not fit", () => {
    const oneOff = created([{ user_id: BRUNO, required: true }]);
    expect(refusalOf(decide(editBy(ANA, { recurrence: "FREQ=WEEKLY;BYDAY=MO" }), oneOff, at(T1)))).toEqual({
      reason: "invalid_fields",
      fields: [{ path: "recurrence", message: "recurrence repeats on Monday, but the event starts on a Wednesday: start it on one of those days" }],
    });
    const request = weekly([{ user_id: BRUNO, required: true }]).state;
    const thursday = { start_date: { date_time: "2026-03-12T12:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-12T13:00", time_zone: "Europe/Lisbon" } };
    expect(refusalOf(decide(editBy(ANA, thursday), request, at(T1)))).toMatchObject({ reason: "invalid_fields", fields: [{ path: "recurrence" }] });
    expect(accepted(decide(editBy(ANA, { ...thursday, recurrence: "FREQ=WEEKLY;BYDAY=TH" }), request, at(T1))).state.recurrence).toBe("FREQ=WEEKLY;BYDAY=TH");
  });
});

describe("decide: delete", () => {
  it("marks the request deleted at the next version and announces it with its reviewers", () => {
    const request = created([{ user_id: BRUNO, required: true }]);
    const decision = accepted(decide({ type: "delete", user_id: ANA }, request, at(T1)));
    expect(decision.state).toMatchObject({ deleted_at: T1, version: 2 });
    expect(decision.events).toEqual([
      { type: "event-request.deleted", actor_id: ANA, data: { event_request_id: request._id, request_version: 2, created_by: ANA, title: "Lunch", google_event_id: null, approver_user_ids: [BRUNO] } },
    ]);
  });

  it("says so when its creator deleted its event in Google Calendar (the reviewers are then told)", () => {
    const request = created([{ user_id: BRUNO, required: true }]);
    const decision = accepted(decide({ type: "delete", user_id: ANA, cause: "deleted_in_google" }, request, at(T1)));
    expect(decision.events[0]).toMatchObject({ type: "event-request.deleted", data: { cause: "deleted_in_google", approver_user_ids: [BRUNO] } });
  });

  it("refuses a reviewer, and a request already deleted", () => {
    const request = created([{ user_id: BRUNO, required: true }]);
    expect(refusalOf(decide({ type: "delete", user_id: BRUNO }, request, at(T1)))).toEqual({ reason: "not_the_creator", action: "delete" });
    expect(refusalOf(decide({ type: "delete", user_id: ANA }, { ...request, deleted_at: T0 }, at(T1)))).toEqual({ reason: "not_found" });
  });
});

describe("decide: relationship ended", () => {
  it("removes the reviewer from a pending request and tells why, keeping it pending while a required reviewer has not answered", () => {
    const request = created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: true }]);
    const decision = accepted(decide(ended([BRUNO, ANA]), request, at(T1)));
    expect(decision.state).toMatchObject({ status: "pending", requested_approvals: 1, reviewer_ids: [CARLA], version: 2 });
    expect(decision.state.approvers.map((a) => a.user_id)).toEqual([CARLA]);
    expect(decision.events).toEqual([
      {
        type: "event-request.reviewer-removed",
        actor_id: BRUNO,
        data: expect.objectContaining({ request_version: 2, reviewer_id: BRUNO, reviewer_full_name: "Bruno Costa", required: true, previous_status: "pending", reason: "relationship_ended", status: "pending" }),
      },
    ]);
  });

  it("approves when every remaining required reviewer had approved", () => {
    const request = answered(created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: true }]), [CARLA, "approved"]);
    const decision = accepted(decide(ended([ANA, BRUNO]), request, at(T1)));
    expect(decision.state).toMatchObject({ status: "approved", approval_status: "approved", requested_approvals: 1, completed_count: 1 });
    expect(decision.events.map((e) => [e.type, e.data.request_version])).toEqual([
      ["event-request.reviewer-removed", 3],
      ["event-request.approved", 3],
    ]);
    expect(decision.events[1]?.data).toMatchObject({ reason: "all_required_approved" });
  });

  it("never approves a request by losing its last required reviewer", () => {
    const request = answered(created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: false }]), [CARLA, "approved"]);
    const decision = accepted(decide(ended([ANA, BRUNO]), request, at(T1)));
    expect(decision.state).toMatchObject({ status: "pending", approval_status: "pending", requested_approvals: 1 });
    expect(decision.events.map((e) => e.type)).toEqual(["event-request.reviewer-removed"]);

    const alone = accepted(decide(ended([ANA, BRUNO]), created([{ user_id: BRUNO, required: true }]), at(T1)));
    expect(alone.state).toMatchObject({ status: "pending", approval_status: "pending", requested_approvals: 0, approvers: [] });
  });

  it("keeps a decided request's approvers as history", () => {
    const approved = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "approved"]);
    const rejected = answered(created([{ user_id: BRUNO, required: true }]), [BRUNO, "rejected"]);
    for (const request of [approved, rejected]) {
      const decision = accepted(decide(ended([ANA, BRUNO]), request, at(T1)));
      expect(decision.events).toEqual([]);
      expect(decision.state).toBe(request);
    }
  });

  it("changes nothing on a redelivery, a request between others, or a deleted one; refuses a missing one", () => {
    const request = created([{ user_id: BRUNO, required: true }, { user_id: CARLA, required: true }]);
    const once = accepted(decide(ended([ANA, BRUNO]), request, at(T1))).state;
    expect(accepted(decide(ended([ANA, BRUNO]), once, at(T1))).events).toEqual([]);
    expect(accepted(decide(ended([BRUNO, CARLA]), request, at(T1))).events).toEqual([]);
    expect(accepted(decide(ended([ANA, DORA]), request, at(T1))).events).toEqual([]);
    expect(accepted(decide(ended([ANA, BRUNO]), { ...request, deleted_at: T0 }, at(T1))).events).toEqual([]);
    expect(refusalOf(decide(ended([ANA, BRUNO]), null, at(T1)))).toEqual({ reason: "not_found" });
  });
});
