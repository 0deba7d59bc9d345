import { describe, expect, it } from "vitest";
import { emptyEventForm } from "../../lib/event-form.ts";
import { eventPrefillState, readEventPrefill, withPrefill } from "./prefill.ts";

const prefill = {
  title: "Lunch with Bruno",
  location: "Joe's",
  start_date: { date_time: "2026-11-27T13:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-11-27T14:00", time_zone: "Europe/Lisbon" },
  approvers: [{ user_id: "u2", required: true }],
};

describe("event form prefill (the assistant's Change)", () => {
  it("fills the new-event form from the router state", () => {
    const values = withPrefill(emptyEventForm("America/Los_Angeles"), readEventPrefill(eventPrefillState(prefill)), "create");
    expect(values).toMatchObject({
      title: "Lunch with Bruno",
      location: "Joe's",
      start_date: "2026-11-27",
      start_time: "13:00",
      end_date: "2026-11-27",
      end_time: "14:00",
      all_day: false,
      approver_id: "u2",
      required_review: true,
      time_zone: "Europe/Lisbon", // the proposal's zone, not the viewer's
    });
  });

  it("keeps the reviewer on the edit form (approvers are set at creation)", () => {
    const stored = { ...emptyEventForm("UTC"), title: "Lunch", approver_id: "u9", required_review: false };
    expect(withPrefill(stored, readEventPrefill({ prefill }), "edit")).toMatchObject({ title: "Lunch with Bruno", approver_id: "u9", required_review: false });
  });

  it("ignores state that is not a prefill", () => {
    for (const state of [null, undefined, "x", { other: 1 }, { prefill: { start_date: "tomorrow" } }]) expect(readEventPrefill(state)).toBeNull();
    expect(withPrefill(emptyEventForm("UTC"), null, "create")).toEqual(emptyEventForm("UTC"));
  });
});
