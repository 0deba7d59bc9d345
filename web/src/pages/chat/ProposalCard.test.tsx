import { describe, expect, it } from "vitest";
import type { TAssistantResult, TProposal } from "@amia/contracts";
import { AssistantResult } from "./AssistantResult.tsx";
import { aProposal, anEventsResult } from "./chat-fixtures.ts";
import { renderChat } from "./chat-render.tsx";
import { ProposalCard } from "./ProposalCard.tsx";

/* Server-rendered: what each card and answer says before anyone clicks (no DOM in this project). */

const LATER = "2099-01-01T00:00:00.000Z";
const render = (proposal: TProposal) => renderChat(<ProposalCard proposal={proposal} />);
const open = (overrides: Partial<TProposal> = {}) => aProposal({ expires_at: LATER, ...overrides });

describe("ProposalCard, open", () => {
  const html = render(open());

  it("heads the card with the summary and shows the event with its time zone", () => {
    expect(html).toMatch(/<h2[^>]*>Create Lunch with Bruno<\/h2>/);
    expect(html).toContain("Lunch with Bruno");
    expect(html).toContain("Fri, Nov 27, 2026, 1:00 PM – 2:00 PM GMT");
    expect(html).not.toContain("your time");
    expect(html).toContain("Joe&#x27;s");
    expect(html).toContain("1 hour · usual length for this kind of event");
  });

  it("gives a viewer elsewhere their own time beside the event's", () => {
    const elsewhere = renderChat(<ProposalCard proposal={open()} />, { viewerZone: "America/Los_Angeles" });
    expect(elsewhere).toContain("Fri, Nov 27, 2026, 1:00 PM – 2:00 PM GMT");
    expect(elsewhere).toContain("5:00 AM – 6:00 AM your time");
  });

  it("says how a repeating proposal repeats, in words, and nothing for a one-off (issue 16)", () => {
    const base = open();
    const weekly = open({ event: { ...base.event, recurrence: "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261225" } });
    expect(render(weekly)).toContain("<dt>Repeats</dt><dd>Every Friday at 1:00 PM, until 25 Dec 2026</dd>");
    expect(renderChat(<ProposalCard proposal={weekly} />, { viewerZone: "America/Los_Angeles" })).toContain("Every Friday at 1:00 PM (Europe/Lisbon), until 25 Dec 2026");
    expect(html).not.toContain("Repeats");
  });

  it("lets each reviewer be switched between required and optional, with a labelled switch", () => {
    expect(html).toMatch(/<input id="[^"]+" type="checkbox" role="switch"[^>]*aria-checked="true" checked=""/);
    const id = /<input id="([^"]+)" type="checkbox" role="switch"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${id}">Required<span class="visually-hidden"> review from Bruno Costa</span></label>`);
    expect(html).toContain('aria-label="Remove Bruno Costa"');
  });

  it("says what happens next, and offers Confirm, Change and Cancel", () => {
    expect(html).toContain("Sent to Bruno Costa for review; it goes on your calendar when they approve.");
    for (const label of ["Confirm", "Change", "Cancel"]) expect(html).toContain(`<span class="btn__label">${label}</span>`);
  });

  it("says a proposal with no reviewers goes straight to the calendar", () => {
    const alone = render(open({ next_step: "added_to_calendar", event: { ...aProposal().event, reviewers: [] } }));
    expect(alone).toContain("Goes straight to your Google Calendar (nobody needs to approve).");
    expect(alone).not.toContain('role="switch"');
  });

  it("asks which person an ambiguous name means, and says when a name is not a connection", () => {
    const asking = render(
      open({
        questions: [
          { kind: "ambiguous_person", name: "Ana", candidates: [{ user_id: "u3", full_name: "Ana Silva", email: "ana@example.com" }] },
          { kind: "unknown_person", name: "Zed" },
        ],
      }),
    );
    expect(asking).toContain("Which Ana did you mean?");
    expect(asking).toMatch(/type="radio"[^>]*>.*?Ana Silva \(ana@example.com\)/);
    expect(asking).toContain(">Nobody</label>");
    expect(asking).toContain("Zed is not among your connections, so nobody was added for them.");
    expect(asking).toContain("Choose who you meant above to confirm.");
    expect(asking).toMatch(/<button type="button" class="btn btn--primary[^"]*" disabled=""><span class="btn__label">Confirm/);
  });

  it("shows an update's changes, before and after", () => {
    const update = render(
      open({ kind: "update", next_step: "updated", summary: "Move Lunch with Bruno", event_request_id: "er1", changes: ["location"], before: { location: "Joe's" }, event: { ...aProposal().event, location: "The Cantina" } }),
    );
    expect(update).toContain("What changes");
    expect(update).toMatch(/Location:<\/span> <s[^>]*>Joe&#x27;s<\/s>/);
    expect(update).toContain("The Cantina");
    expect(update).toContain("Your event is changed");
  });
});

describe("ProposalCard, after Confirm and beyond", () => {
  it("says it was sent for review, links to the request and offers Undo until its time", () => {
    const html = render(open({ status: "confirmed", event_request_id: "er9", confirmed_at: "2026-11-23T10:40:00.000Z", undo_until: LATER }));
    expect(html).toContain("Sent for review");
    expect(html).toContain('href="/events/er9"');
    expect(html).toMatch(/Undo \(until \d\d:\d\d\)/);
    expect(html).not.toContain(">Confirm<");
  });

  it("says Added for one that went straight to the calendar, and no Undo once the window closed", () => {
    const html = render(open({ status: "confirmed", next_step: "added_to_calendar", event_request_id: "er9", undo_until: "2020-01-01T00:00:00.000Z" }));
    expect(html).toContain("Added");
    expect(html).not.toContain("Undo");
  });

  it("shows undone, dismissed and expired cards with no buttons", () => {
    const cases: [Partial<TProposal>, string][] = [
      [{ status: "undone" }, "Undone"],
      [{ status: "dismissed" }, "Cancelled: nothing was changed."],
      [{ status: "expired" }, "Expired: nothing was changed."],
      [{ status: "open", expires_at: "2020-01-01T00:00:00.000Z" }, "Expired: nothing was changed."],
    ];
    for (const [overrides, text] of cases) {
      const html = render(open(overrides));
      expect(html, text).toContain(text);
      expect(html, text).not.toContain("<button");
    }
  });
});

describe("AssistantResult", () => {
  const renderResult = (result: TAssistantResult) => renderChat(<AssistantResult result={result} />);

  it("lists events with their time zone and status pill", () => {
    const html = renderResult(anEventsResult());
    expect(html).toContain('href="/events/er1"');
    expect(html).toContain("Team lunch");
    expect(html).toContain("Tue, Nov 24, 2026, 12:00 PM – 1:00 PM");
    expect(html).toContain('class="pill pill--secondary">Pending<');
  });

  it("adds nothing for an empty list (the text says so)", () => {
    expect(renderResult(anEventsResult([]))).toBe("");
  });

  it("lists free slots with their zone, and says whose calendar was not read", () => {
    const html = renderResult({
      kind: "free_time",
      from: "2026-11-30T00:00:00.000Z",
      to: "2026-12-05T00:00:00.000Z",
      time_zone: "Europe/Lisbon",
      slots: [{ start: "2026-11-30T10:00:00.000Z", end: "2026-11-30T11:00:00.000Z" }],
      people: [
        { user_id: "u1", full_name: "Ada", email: null, shared: true, reason: null },
        { user_id: "u2", full_name: "Bruno", email: null, shared: false, reason: "not_shared" },
        { user_id: "u3", full_name: "Carla", email: null, shared: false, reason: "not_connected" },
        { user_id: "u4", full_name: "Dan", email: null, shared: false, reason: "calendar_not_connected" },
      ],
    });
    expect(html).toContain("Mon, Nov 30, 2026, 10:00 AM – 11:00 AM");
    expect(html).toContain("Bruno doesn&#x27;t share free/busy");
    expect(html).toContain("Carla isn&#x27;t one of your connections");
    expect(html).toContain("Dan hasn&#x27;t connected a Google Calendar");
    expect(html).not.toContain("Ada");
  });
});
