import { describe, expect, it } from "vitest";
import { ZSmartParseResultSchema } from "@amia/contracts";
import { aProposal } from "./chat-fixtures.ts";
import {
  canUndo,
  cardStatus,
  changeLines,
  changeTarget,
  confirmBody,
  currentNextStep,
  durationText,
  initialChoices,
  isAnswered,
  nextStepText,
  pickedReviewers,
  statusText,
  undoLabel,
} from "./proposal-card.ts";

const NOW = Date.parse("2026-11-23T10:30:00.000Z"); // the fixture's proposal expires at 11:00

describe("what happens next", () => {
  it("names who reviews, or says it goes straight to the calendar", () => {
    expect(nextStepText("sent_for_review", ["Bruno"])).toBe("Sent to Bruno for review; it goes on your calendar when they approve.");
    expect(nextStepText("sent_for_review", ["Bruno", "Carla", "Dan"])).toBe(
      "Sent to Bruno, Carla and Dan for review; it goes on your calendar when they approve.",
    );
    expect(nextStepText("added_to_calendar", [])).toBe("Goes straight to your Google Calendar (nobody needs to approve).");
    expect(nextStepText("updated", [])).toContain("changed");
    expect(nextStepText("cancelled", [])).toContain("cancelled");
  });

  it("follows the card's switches for a create, as the server will on Confirm", () => {
    expect(currentNextStep(aProposal(), [])).toBe("added_to_calendar");
    expect(currentNextStep(aProposal({ next_step: "added_to_calendar" }), ["Bruno"])).toBe("sent_for_review");
    expect(currentNextStep(aProposal({ kind: "update", next_step: "updated" }), ["Bruno"])).toBe("updated");
  });
});

describe("the card's status", () => {
  it("is the proposal's own, except an open one past its expiry is expired", () => {
    expect(cardStatus(aProposal(), NOW)).toBe("open");
    expect(cardStatus(aProposal(), Date.parse("2026-11-23T11:00:00.000Z"))).toBe("expired");
    expect(cardStatus(aProposal({ status: "confirmed" }), Date.parse("2026-11-24T00:00:00.000Z"))).toBe("confirmed");
  });

  it("says what happened for every status", () => {
    expect(statusText(aProposal(), NOW)).toBeNull();
    expect(statusText(aProposal({ status: "confirmed" }), NOW)).toBe("Sent for review");
    expect(statusText(aProposal({ status: "confirmed", next_step: "added_to_calendar" }), NOW)).toBe("Added");
    expect(statusText(aProposal({ status: "confirmed", next_step: "updated" }), NOW)).toBe("Updated");
    expect(statusText(aProposal({ status: "confirmed", next_step: "cancelled" }), NOW)).toBe("Cancelled");
    expect(statusText(aProposal({ status: "undone" }), NOW)).toBe("Undone");
    expect(statusText(aProposal({ status: "expired" }), NOW)).toBe("Expired: nothing was changed. Ask again for a fresh proposal.");
    expect(statusText(aProposal({ status: "dismissed" }), NOW)).toBe("Cancelled: nothing was changed.");
  });

  it("offers Undo only while a confirmed proposal's window is open, with its end time", () => {
    const confirmed = aProposal({ status: "confirmed", undo_until: "2026-11-23T10:42:00.000Z" });
    expect(canUndo(confirmed, NOW)).toBe(true);
    expect(canUndo(confirmed, Date.parse("2026-11-23T10:42:00.000Z"))).toBe(false);
    expect(canUndo(aProposal({ status: "undone", undo_until: null }), NOW)).toBe(false);
    expect(undoLabel("2026-11-23T10:42:00.000Z", "Europe/Lisbon")).toBe("Undo (until 10:42)");
  });
});

describe("durationText", () => {
  it("says where a duration came from", () => {
    expect(durationText(60, "default")).toBe("1 hour · usual length for this kind of event");
    expect(durationText(60, "default", "default for a meal")).toBe("1 hour · default for a meal");
    expect(durationText(45, "explicit")).toBe("45 minutes · as you asked");
    expect(durationText(90, "range")).toBe("1 hour 30 minutes");
    expect(durationText(120, "unchanged")).toBe("2 hours · unchanged");
    expect(durationText(null, "all_day")).toBe("All day");
  });
});

describe("confirmBody", () => {
  it("sends nothing when the reviewers are as proposed", () => {
    const proposal = aProposal();
    const choices = initialChoices(proposal);
    expect(confirmBody(proposal, choices, pickedReviewers(proposal, choices))).toEqual({});
  });

  it("sends the reviewers as switched or dropped on the card", () => {
    const proposal = aProposal();
    const choices = initialChoices(proposal);
    const optional = { ...choices, reviewers: choices.reviewers.map((reviewer) => ({ ...reviewer, required: false })) };
    expect(confirmBody(proposal, optional, [])).toEqual({ reviewers: [{ user_id: "u2", required: false }] });
    expect(confirmBody(proposal, { ...choices, reviewers: [] }, [])).toEqual({ reviewers: [] });
  });

  it("waits for an answer to an ambiguous name, then adds the one picked (or nobody)", () => {
    const proposal = aProposal({
      event: { ...aProposal().event, reviewers: [] },
      questions: [
        {
          kind: "ambiguous_person",
          name: "Ana",
          candidates: [
            { user_id: "u3", full_name: "Ana Silva", email: "ana.silva@example.com" },
            { user_id: "u4", full_name: "Ana Sousa", email: "ana.sousa@example.com" },
          ],
        },
        { kind: "unknown_person", name: "Zed" },
      ],
    });
    const choices = initialChoices(proposal);
    expect(isAnswered(proposal, choices)).toBe(false);
    const picked = { ...choices, picks: { 0: "u4" } };
    expect(isAnswered(proposal, picked)).toBe(true);
    expect(confirmBody(proposal, picked, pickedReviewers(proposal, picked))).toEqual({ reviewers: [{ user_id: "u4", required: true }] });
    const nobody = { ...choices, picks: { 0: "" } };
    expect(isAnswered(proposal, nobody)).toBe(true);
    expect(confirmBody(proposal, nobody, pickedReviewers(proposal, nobody))).toEqual({});
  });
});

describe("changeLines", () => {
  it("shows an update's changes as before and after, the times with their zone", () => {
    const proposal = aProposal({
      kind: "update",
      next_step: "updated",
      event_request_id: "er1",
      changes: ["location", "start_date", "end_date"],
      before: {
        location: "Joe's",
        start_date: { date_time: "2026-11-27T12:00", time_zone: "Europe/Lisbon" },
        end_date: { date_time: "2026-11-27T13:00", time_zone: "Europe/Lisbon" },
      },
      event: { ...aProposal().event, location: "The Cantina" },
    });
    expect(changeLines(proposal, "Europe/Lisbon")).toEqual([
      { label: "Location", before: "Joe's", after: "The Cantina" },
      { label: "When", before: "Fri, Nov 27, 2026, 12:00 PM – 1:00 PM GMT", after: "Fri, Nov 27, 2026, 1:00 PM – 2:00 PM GMT" },
    ]);
  });

  it("has nothing to say for a create", () => {
    expect(changeLines(aProposal(), "Europe/Lisbon")).toEqual([]);
  });
});

describe("changeTarget", () => {
  it("opens the new-event form with the proposal's fields and the card's reviewers", () => {
    const proposal = aProposal();
    const target = changeTarget(proposal, [{ user_id: "u2", name: "Bruno", required: false }]);
    expect(target.path).toBe("/events/new");
    expect(target.prefill).toMatchObject({
      title: "Lunch with Bruno",
      location: "Joe's",
      start_date: proposal.event.start_date,
      end_date: proposal.event.end_date,
      approvers: [{ user_id: "u2", required: false }],
    });
    expect(ZSmartParseResultSchema.safeParse(target.prefill).success).toBe(true);
  });

  it("opens an update's request in its edit form", () => {
    const target = changeTarget(aProposal({ kind: "update", event_request_id: "er 7" }), []);
    expect(target.path).toBe("/events/er%207/edit");
    expect(target.prefill.approvers).toBeUndefined();
  });
});
