import { describe, expect, it } from "vitest";
import type { TCalendarSyncJob } from "../jobs/sync-job.ts";
import { requestHistory } from "../testing/request-history.ts";
import { googleEventBody } from "./google-event.ts";
import { desiredEventOf, EMPTY_SYNC_STATE, factsOf, fingerprintOf, mergeFacts, planSync, syncJobFor, type SyncState } from "./sync-rules.ts";

const USER = "user-ana";

/** The state after these jobs ran, in this order. */
const stateAfter = (jobs: readonly TCalendarSyncJob[], from: SyncState = EMPTY_SYNC_STATE) => jobs.reduce((state, job) => mergeFacts(state, factsOf(job)), from);

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** What Google should show after these jobs, the same in every order they could run in. */
function desiredInEveryOrder(jobs: readonly TCalendarSyncJob[]) {
  const outcomes = permutations(jobs).map((order) => desiredEventOf(stateAfter(order)));
  for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
  return outcomes[0];
}

describe("which job an event-request event asks for", () => {
  it("approved → create, confirmed, with the request's fields and version", () => {
    const request = requestHistory(USER);
    expect(syncJobFor(request.approved())).toEqual({
      operation: "create",
      event_request_id: request.id,
      user_id: USER,
      request_version: 1,
      event_status: "confirmed",
      snapshot: { title: "Lunch with Sarah", description: null, location: "Joe's Pizza", notes: null, start_date: request.fields().start_date, end_date: request.fields().end_date },
    });
  });

  it("updated → update, confirmed while approved and tentative while reviewed again; an update leaving it rejected → delete", () => {
    const request = requestHistory(USER);
    request.approved();
    expect(syncJobFor(request.updated({ title: "Brunch" }, "approved"))).toMatchObject({ operation: "update", request_version: 2, event_status: "confirmed", snapshot: { title: "Brunch" } });
    expect(syncJobFor(request.updated({ location: "Home" }, "pending"))).toMatchObject({ operation: "update", request_version: 3, event_status: "tentative", snapshot: { location: "Home" } });
    expect(syncJobFor(request.updated({ notes: "n" }, "rejected"))).toEqual({ operation: "delete", event_request_id: request.id, user_id: USER, request_version: 4, reason: "request_rejected" });
  });

  it("rejected → delete for the rejection; deleted → delete for the deletion (the tombstone)", () => {
    const request = requestHistory(USER);
    expect(syncJobFor(request.rejected())).toMatchObject({ operation: "delete", request_version: 1, reason: "request_rejected" });
    expect(syncJobFor(request.deleted())).toMatchObject({ operation: "delete", request_version: 2, reason: "request_deleted" });
  });
});

describe("what Google should show, whatever order the jobs run in", () => {
  it("approve then delete: nothing", () => {
    const request = requestHistory(USER);
    expect(desiredInEveryOrder([syncJobFor(request.approved()), syncJobFor(request.deleted())])).toBeNull();
  });

  it("approve, edit, edit: the last edit, confirmed", () => {
    const request = requestHistory(USER);
    const jobs = [request.approved(), request.updated({ title: "Lunch at noon" }, "approved"), request.updated({ title: "Lunch at one", location: "Rua Augusta" }, "approved")].map(syncJobFor);
    expect(desiredInEveryOrder(jobs)).toEqual({ status: "confirmed", snapshot: expect.objectContaining({ version: 3, title: "Lunch at one", location: "Rua Augusta" }) });
  });

  it("a material change of an approved request: its new time, tentative, until approved again (then confirmed)", () => {
    const request = requestHistory(USER);
    const moved = { start_date: { date_time: "2026-03-11T15:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T16:00", time_zone: "Europe/Lisbon" } };
    const jobs = [request.approved(), request.updated(moved, "pending")].map(syncJobFor);
    expect(desiredInEveryOrder(jobs)).toEqual({ status: "tentative", snapshot: expect.objectContaining({ version: 2, ...moved }) });
    expect(desiredInEveryOrder([...jobs, syncJobFor(request.approved())])).toEqual({ status: "confirmed", snapshot: expect.objectContaining({ version: 3, ...moved }) });
  });

  it("rejected after a re-review: nothing; edits while rejected bring nothing back; a newer approval does", () => {
    const request = requestHistory(USER);
    const jobs = [request.approved(), request.updated({ location: "Home" }, "pending"), request.rejected()].map(syncJobFor);
    expect(desiredInEveryOrder(jobs)).toBeNull();
    const editedAfter = [...jobs, syncJobFor(request.updated({ location: "Office" }, "pending"))];
    expect(desiredInEveryOrder(editedAfter)).toBeNull();
    expect(desiredEventOf(stateAfter([...editedAfter, syncJobFor(request.approved())]))).toMatchObject({ status: "confirmed", snapshot: { location: "Office" } });
  });

  it("an edit of a request never approved: nothing, and its version counts", () => {
    const request = requestHistory(USER, { created: 1 });
    const state = stateAfter([syncJobFor(request.updated({ title: "Draft" }, "pending"))]);
    expect(desiredEventOf(state)).toBeNull();
    expect(state.version).toBe(2);
  });

  it("a deletion is final: no job after it brings the event back", () => {
    const request = requestHistory(USER);
    const approval = syncJobFor(request.approved());
    const deletion = syncJobFor(request.deleted());
    const late = { ...approval, request_version: 9 };
    expect(desiredEventOf(stateAfter([deletion, approval, late]))).toBeNull();
  });

  it("a job delivered twice changes nothing", () => {
    const request = requestHistory(USER);
    const jobs = [request.approved(), request.updated({ title: "Brunch" }, "approved")].map(syncJobFor);
    expect(stateAfter([...jobs, ...jobs])).toEqual(stateAfter(jobs));
  });
});

describe("the one step that brings Google there", () => {
  const request = requestHistory(USER);
  const approved = stateAfter([syncJobFor(request.approved())]);
  const body = googleEventBody(approved.snapshot!, "confirmed");

  it("inserts an event not made yet, patches one made, and does nothing once Google shows it", () => {
    expect(planSync(approved)).toEqual({ action: "create", body });
    const made = { ...approved, google_event_id: "g1", applied_fingerprint: fingerprintOf(body) };
    expect(planSync(made)).toEqual({ action: "none" });
    const edited = stateAfter([syncJobFor(request.updated({ title: "Brunch" }, "approved"))], made);
    expect(planSync(edited)).toEqual({ action: "patch", google_event_id: "g1", body: expect.objectContaining({ summary: "Brunch", status: "confirmed" }) });
  });

  it("calls nobody for a change Google does not show", () => {
    const history = requestHistory(USER);
    const state = stateAfter([syncJobFor(history.approved())]);
    const made = { ...state, google_event_id: "g1", applied_fingerprint: fingerprintOf(googleEventBody(state.snapshot!, "confirmed")) };
    // Only the importance changed: the same body, so the same fingerprint.
    const bumped = stateAfter([syncJobFor(history.updated({}, "approved"))], made);
    expect(bumped.version).toBe(2);
    expect(planSync(bumped)).toEqual({ action: "none" });
  });

  it("removes a made event by its id, or by our iCalUID when an insert may have reached Google unrecorded", () => {
    const made = { ...approved, google_event_id: "g1", applied_fingerprint: fingerprintOf(body), is_deleted: true };
    expect(planSync(made)).toEqual({ action: "remove", google_event_id: "g1" });
    expect(planSync({ ...approved, is_deleted: true, may_exist: true })).toEqual({ action: "remove", google_event_id: null });
    expect(planSync({ ...approved, is_deleted: true })).toEqual({ action: "none" });
  });

  it("leaves alone an event the user deleted in Google Calendar", () => {
    expect(planSync({ ...approved, google_event_id: "g1", removed_in_google: true })).toEqual({ action: "none" });
  });
});
