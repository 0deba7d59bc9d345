import { describe, expect, it } from "vitest";
import { attendeeResponsesChange, eventDateOfGoogle, googleChangeOf, type KnownGoogleEvent } from "./google-changes.ts";

const known: KnownGoogleEvent = {
  google_event_id: "g1",
  should_exist: true,
  google_times: { start: { dateTime: "2026-03-11T12:00:00", timeZone: "Europe/Lisbon" }, end: { dateTime: "2026-03-11T13:00:00", timeZone: "Europe/Lisbon" } },
  google_etag: '"e1"',
  time_zone: "Europe/Lisbon",
  attendee_responses: {},
};

describe("googleChangeOf (two-way sync's echo rule)", () => {
  it("takes our own write coming back (its etag, or the same instants written another way) as no change", () => {
    expect(googleChangeOf({ id: "g1", etag: '"e1"', start: { dateTime: "2026-04-01T09:00:00Z" }, end: { dateTime: "2026-04-01T10:00:00Z" } }, known)).toEqual({ kind: "none", why: "echo" });
    // Google answers instants with an offset; 12:00 Lisbon in March is 12:00Z.
    expect(googleChangeOf({ id: "g1", etag: '"e2"', start: { dateTime: "2026-03-11T12:00:00Z", timeZone: "Europe/Lisbon" }, end: { dateTime: "2026-03-11T13:00:00+00:00" } }, known)).toEqual({ kind: "none", why: "same_times" });
  });

  it("reads a move as the new times in the request's form: wall clock in its zone, an all-day end inclusive", () => {
    expect(googleChangeOf({ id: "g1", etag: '"e2"', start: { dateTime: "2026-03-12T15:30:00+01:00", timeZone: "Europe/Lisbon" }, end: { dateTime: "2026-03-12T16:30:00+01:00" } }, known)).toMatchObject({
      kind: "moved",
      start_date: { date_time: "2026-03-12T14:30", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-12T15:30", time_zone: "Europe/Lisbon" },
    });
    expect(googleChangeOf({ id: "g1", etag: '"e3"', start: { date: "2026-03-12" }, end: { date: "2026-03-14" } }, known)).toMatchObject({
      kind: "moved",
      start_date: { date: "2026-03-12", time_zone: "Europe/Lisbon" },
      end_date: { date: "2026-03-13", time_zone: "Europe/Lisbon" },
    });
  });

  it("reads a cancelled event as deleted, and ignores events that are not the one we hold or no longer want", () => {
    expect(googleChangeOf({ id: "g1", status: "cancelled" }, known)).toEqual({ kind: "deleted" });
    expect(googleChangeOf({ id: "other", status: "cancelled" }, known)).toEqual({ kind: "none", why: "not_ours" });
    expect(googleChangeOf({ id: "g1", status: "cancelled" }, { ...known, should_exist: false })).toEqual({ kind: "none", why: "not_ours" });
  });

  it("reads a local wall clock as written, and refuses an unreadable date", () => {
    expect(eventDateOfGoogle({ dateTime: "2026-03-11T12:00:00", timeZone: "Asia/Kolkata" }, false, "UTC")).toEqual({ date_time: "2026-03-11T12:00", time_zone: "Asia/Kolkata" });
    expect(eventDateOfGoogle({ dateTime: "2026-03-11T12:00:30Z" }, false, "UTC")).toEqual({ date_time: "2026-03-11T12:00:30", time_zone: "UTC" });
    expect(eventDateOfGoogle({ dateTime: "soon" }, false, "UTC")).toBeNull();
  });
});

describe("attendeeResponsesChange", () => {
  const event = (responses: Array<[string, string]>) => ({ id: "g1", attendees: [{ email: "me@x", organizer: true, responseStatus: "accepted" }, ...responses.map(([email, responseStatus]) => ({ email, responseStatus }))] });

  it("gives every invitee's answer (lower-cased email) when any changed, the organizer left out; null when none did", () => {
    expect(attendeeResponsesChange(event([["Ben@X", "accepted"], ["cy@x", "needsAction"]]), known)).toEqual({ "ben@x": "accepted", "cy@x": "needsAction" });
    expect(attendeeResponsesChange(event([["ben@x", "accepted"]]), { ...known, attendee_responses: { "ben@x": "accepted" } })).toBeNull();
    expect(attendeeResponsesChange({ id: "g1" }, known)).toBeNull();
  });
});
