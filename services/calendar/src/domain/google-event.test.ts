import { describe, expect, it } from "vitest";
import { eventRequestIdFromICalUid, googleEventBody, iCalUidOf, nextDay } from "./google-event.ts";

describe("Google event from an event request", () => {
  const base = { title: "Lunch", description: null, location: "Joe's", notes: null };

  it("derives the iCalUID from our id, and reads it back", () => {
    expect(iCalUidOf("er-1")).toBe("amia-er-1@amia.app");
    expect(eventRequestIdFromICalUid(iCalUidOf("er-1"))).toBe("er-1");
    expect(eventRequestIdFromICalUid("abc@google.com")).toBeNull();
  });

  it("makes an all-day end exclusive, as Google wants", () => {
    const body = googleEventBody({ ...base, start_date: { date: "2026-03-31", time_zone: "Europe/Lisbon" }, end_date: { date: "2026-03-31", time_zone: "Europe/Lisbon" } }, "confirmed");
    expect(body.start).toEqual({ date: "2026-03-31", timeZone: "Europe/Lisbon" });
    expect(body.end).toEqual({ date: "2026-04-01", timeZone: "Europe/Lisbon" });
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });

  it("spells out seconds of a local time and keeps its zone; untitled gets a title", () => {
    const body = googleEventBody({ ...base, title: null, start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T12:15:00Z", time_zone: "UTC" } }, "confirmed");
    expect(body.summary).toBe("Untitled Event");
    expect(body.start).toEqual({ dateTime: "2026-03-11T12:00:00", timeZone: "Europe/Lisbon" });
    expect(body.end).toEqual({ dateTime: "2026-03-11T12:15:00Z", timeZone: "UTC" });
  });

  it("carries Google's status: tentative while the request is reviewed again, confirmed once approved", () => {
    const dates = { start_date: { date: "2026-03-31", time_zone: "UTC" }, end_date: { date: "2026-03-31", time_zone: "UTC" } };
    expect(googleEventBody({ ...base, ...dates }, "tentative").status).toBe("tentative");
    expect(googleEventBody({ ...base, ...dates }, "confirmed").status).toBe("confirmed");
  });

  it("makes a repeating request one recurring event: RRULE lines, [] for a one-off, nothing for a snapshot from before recurrence", () => {
    const dates = { start_date: { date_time: "2026-11-24T09:30", time_zone: "America/New_York" }, end_date: { date_time: "2026-11-24T10:00", time_zone: "America/New_York" } };
    const weekly = googleEventBody({ ...base, ...dates, recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20261231" }, "confirmed");
    expect(weekly.recurrence).toEqual(["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270101T045959Z"]);
    expect(weekly.start).toEqual({ dateTime: "2026-11-24T09:30:00", timeZone: "America/New_York" });
    expect(googleEventBody({ ...base, ...dates, recurrence: null }, "confirmed").recurrence).toEqual([]);
    expect("recurrence" in googleEventBody({ ...base, ...dates }, "confirmed")).toBe(false);
  });
});
