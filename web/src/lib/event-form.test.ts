import { describe, expect, it } from "vitest";
import {
  ZCreateEventRequestBodySchema,
  ZEventRequestSchema,
  ZSmartParseRequestSchema,
  ZUpdateEventRequestBodySchema,
  type TEventRequest,
} from "@amia/contracts";
import { NO_REPEAT } from "./repeat.ts";
import {
  DEFAULT_OFFSET_MINUTES,
  applySmartFill,
  buildAutoFillRequest,
  clearError,
  emptyEventForm,
  formEventDates,
  fromEventRequest,
  hasErrors,
  repeatedTimeNotes,
  setAllDay,
  setEndDate,
  setEndTime,
  setStartDate,
  setStartTime,
  toCreatePayload,
  toUpdatePayload,
  validateEventForm,
  type EventFormValues,
} from "./event-form.ts";

const TZ = "Europe/Lisbon";

function form(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return { ...emptyEventForm(TZ), ...overrides };
}

const timed = form({
  title: "  Team lunch ",
  location: "Cantina",
  description: "",
  notes: "   ",
  start_date: "2026-03-11",
  end_date: "2026-03-11",
  start_time: "12:00",
  end_time: "13:30",
});

describe("emptyEventForm", () => {
  it("starts blank, timed, with no reviewer, in the zone it is given", () => {
    expect(emptyEventForm(TZ)).toEqual({
      title: "",
      location: "",
      description: "",
      notes: "",
      start_date: "",
      end_date: "",
      start_time: "",
      end_time: "",
      all_day: false,
      approver_id: null,
      required_review: false,
      time_zone: TZ,
      // Does not repeat; the Repeat choice's other values wait for it (lib/repeat.ts).
      ...NO_REPEAT,
    });
  });
});

describe("change rules", () => {
  it("the offset is 15 minutes", () => {
    expect(DEFAULT_OFFSET_MINUTES).toBe(15);
  });

  it("turning all-day on clears both times; turning it off keeps them empty", () => {
    const on = setAllDay(timed, true);
    expect(on).toMatchObject({ all_day: true, start_time: "", end_time: "" });
    expect(on.start_date).toBe("2026-03-11");
    expect(setAllDay(on, false)).toMatchObject({ all_day: false, start_time: "", end_time: "" });
    expect(setAllDay(form({ all_day: true }), false).all_day).toBe(false);
  });

  it("a start date fills an empty end date, never a set one", () => {
    expect(setStartDate(form(), "2026-03-11")).toMatchObject({ start_date: "2026-03-11", end_date: "2026-03-11" });
    expect(setStartDate(form({ end_date: "2026-03-20" }), "2026-03-11").end_date).toBe("2026-03-20");
  });

  it("an end date fills an empty start date, never a set one", () => {
    expect(setEndDate(form(), "2026-03-12")).toMatchObject({ start_date: "2026-03-12", end_date: "2026-03-12" });
    expect(setEndDate(form({ start_date: "2026-03-01" }), "2026-03-12").start_date).toBe("2026-03-01");
  });

  it("a start time fills an empty end time with +15 minutes", () => {
    expect(setStartTime(form(), "09:00")).toMatchObject({ start_time: "09:00", end_time: "09:15" });
    expect(setStartTime(form(), "09:50").end_time).toBe("10:05");
    expect(setStartTime(form({ end_time: "11:00" }), "09:00").end_time).toBe("11:00");
  });

  it("a start time near midnight wraps the end time and moves a same-day end date on", () => {
    const next = setStartTime(form({ start_date: "2026-12-31", end_date: "2026-12-31" }), "23:50");
    expect(next).toMatchObject({ start_time: "23:50", end_time: "00:05", end_date: "2027-01-01" });
    // A later end date is the user's choice: kept.
    expect(setStartTime(form({ start_date: "2026-03-11", end_date: "2026-03-14" }), "23:45")).toMatchObject({
      end_time: "00:00",
      end_date: "2026-03-14",
    });
    expect(setStartTime(form(), "23:45")).toMatchObject({ end_time: "00:00", end_date: "" });
  });

  it("an end time fills an empty start time with -15 minutes", () => {
    expect(setEndTime(form(), "10:00")).toMatchObject({ start_time: "09:45", end_time: "10:00" });
    expect(setEndTime(form({ start_time: "08:00" }), "10:00").start_time).toBe("08:00");
  });

  it("an end time just after midnight wraps the start time and moves a same-day start date back", () => {
    const next = setEndTime(form({ start_date: "2026-03-01", end_date: "2026-03-01" }), "00:10");
    expect(next).toMatchObject({ start_time: "23:55", end_time: "00:10", start_date: "2026-02-28" });
  });

  it("clearing a time fills nothing", () => {
    expect(setStartTime(form(), "")).toMatchObject({ start_time: "", end_time: "" });
    expect(setEndTime(form(), "")).toMatchObject({ start_time: "", end_time: "" });
  });

  it("does not change the values it is given", () => {
    const before = form();
    setStartTime(before, "09:00");
    setStartDate(before, "2026-03-11");
    expect(before).toEqual(emptyEventForm(TZ));
  });
});

describe("validateEventForm", () => {
  it("requires both times unless all-day", () => {
    const dated = form({ start_date: "2026-03-11", end_date: "2026-03-11" });
    expect(validateEventForm(dated)).toEqual({
      start_time: "Start time is required",
      end_time: "End time is required",
    });
    expect(validateEventForm({ ...dated, start_time: "09:00" })).toEqual({ end_time: "End time is required" });
    expect(validateEventForm(timed)).toEqual({});
    expect(validateEventForm({ ...dated, all_day: true })).toEqual({});
  });

  it("asks for both dates in plain words", () => {
    expect(validateEventForm(form({ all_day: true }))).toEqual({ start_date: "Choose a start date.", end_date: "Choose an end date." });
    expect(validateEventForm({ ...timed, end_date: "" })).toEqual({ end_date: "Choose an end date." });
  });

  it("refuses Required Review with nobody to require, on the reviewer, and not on an edit (its reviewer is fixed)", () => {
    expect(validateEventForm({ ...timed, required_review: true })).toEqual({ approver_id: "Choose a reviewer, or untick Required Review." });
    expect(validateEventForm({ ...timed, required_review: true, approver_id: "u1" })).toEqual({});
    expect(validateEventForm({ ...timed, required_review: true }, timed)).toEqual({});
  });

  it("does not validate the title", () => {
    expect(validateEventForm({ ...timed, title: "" })).toEqual({});
  });

  it("refuses a zone nobody knows, naming the field; accepts any spelling of a real one", () => {
    const message = "Choose a time zone from the list, such as Europe/Lisbon.";
    expect(validateEventForm({ ...timed, time_zone: "Mars/Olympus" })).toEqual({ time_zone: message });
    expect(validateEventForm({ ...timed, time_zone: "+05:00" })).toEqual({ time_zone: message });
    expect(validateEventForm({ ...timed, time_zone: "  " })).toEqual({ time_zone: message });
    expect(validateEventForm({ ...timed, time_zone: "europe/lisbon" })).toEqual({});
  });

  it("refuses an end before the start, compared as instants in the event's zone", () => {
    expect(validateEventForm({ ...timed, end_time: "11:00" })).toEqual({ end_time: "The end can't be before the start." });
    expect(validateEventForm({ ...timed, end_date: "2026-03-10" })).toEqual({ end_date: "The end can't be before the start." });
    expect(validateEventForm(form({ all_day: true, start_date: "2026-03-11", end_date: "2026-03-10" }))).toEqual({ end_date: "The end can't be before the start." });
    expect(validateEventForm({ ...timed, end_time: "12:00" })).toEqual({}); // equal is allowed, as on the server
  });

  it("refuses a time the clocks skip (daylight saving starts), saying which jump", () => {
    const la = form({ time_zone: "America/Los_Angeles", start_date: "2026-03-08", end_date: "2026-03-08", start_time: "02:30", end_time: "04:00" });
    expect(validateEventForm(la)).toEqual({
      start_time: "2:30 AM doesn't exist on Mar 8, 2026 in America/Los_Angeles: the clocks go from 2:00 AM straight to 3:00 AM. Choose another time.",
    });
    // The same wall time the day before exists.
    expect(validateEventForm({ ...la, start_date: "2026-03-07" })).toEqual({});
    // Nor is a time that does not exist previewed in anyone's time.
    expect(formEventDates(la)).toBeNull();
    expect(formEventDates({ ...la, start_date: "2026-03-07", end_date: "2026-03-07" })).toEqual({
      start_date: { date_time: "2026-03-07T02:30", time_zone: "America/Los_Angeles" },
      end_date: { date_time: "2026-03-07T04:00", time_zone: "America/Los_Angeles" },
    });
  });

  it("on an edit, does not hold a side the person left alone against them", () => {
    const stored = form({ time_zone: "America/Los_Angeles", start_date: "2026-03-08", end_date: "2026-03-08", start_time: "02:30", end_time: "04:00" });
    expect(validateEventForm({ ...stored, title: "Renamed" }, stored)).toEqual({});
    expect(validateEventForm({ ...stored, end_time: "05:00" }, stored)).toEqual({});
    expect(validateEventForm({ ...stored, start_time: "02:45" }, stored).start_time).toMatch(/^2:45 AM doesn't exist/);
  });

  it("errors clear when their field changes", () => {
    const errors = validateEventForm(form({ start_date: "2026-03-11", end_date: "2026-03-11" }));
    expect(hasErrors(errors)).toBe(true);
    const afterStart = clearError(errors, "start_time");
    expect(afterStart).toEqual({ end_time: "End time is required" });
    expect(clearError(afterStart, "title")).toBe(afterStart);
    expect(hasErrors(clearError(afterStart, "end_time"))).toBe(false);
    expect(errors.start_time).toBe("Start time is required"); // not mutated
  });
});

describe("repeatedTimeNotes (daylight saving ends)", () => {
  it("says a time that happens twice means the first, the instant the server takes", () => {
    const la = form({ time_zone: "America/Los_Angeles", start_date: "2026-11-01", end_date: "2026-11-01", start_time: "01:30", end_time: "03:00" });
    expect(repeatedTimeNotes(la)).toEqual({
      start_time: "1:30 AM happens twice on Nov 1, 2026 in America/Los_Angeles, when the clocks go back; the event uses the first 1:30 AM, before the change.",
    });
    expect(validateEventForm(la)).toEqual({}); // a note, not a refusal
    expect(repeatedTimeNotes(timed)).toEqual({});
    expect(repeatedTimeNotes({ ...la, all_day: true })).toEqual({});
  });
});

describe("toCreatePayload", () => {
  it("sends a timed event as local date_time in the form's zone, importance 1, no reviewers", () => {
    const body = toCreatePayload(timed);
    expect(body).toEqual({
      title: "Team lunch",
      location: "Cantina",
      start_date: { date_time: "2026-03-11T12:00", time_zone: TZ },
      end_date: { date_time: "2026-03-11T13:30", time_zone: TZ },
      importance_level: 1,
      approvers: [],
    });
    expect(ZCreateEventRequestBodySchema.parse(body)).toEqual(body);
  });

  it("sends the zone picked, in its canonical spelling", () => {
    const body = toCreatePayload({ ...timed, time_zone: " america/los_angeles " });
    expect(body.start_date).toEqual({ date_time: "2026-03-11T12:00", time_zone: "America/Los_Angeles" });
    expect(body.end_date.time_zone).toBe("America/Los_Angeles");
  });

  it("sends all-day events as date only", () => {
    const body = toCreatePayload(form({ start_date: "2026-03-11", end_date: "2026-03-12", all_day: true, start_time: "10:00" }));
    expect(body.start_date).toEqual({ date: "2026-03-11", time_zone: TZ });
    expect(body.end_date).toEqual({ date: "2026-03-12", time_zone: TZ });
    expect(ZCreateEventRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends the one reviewer, required when Required Review is ticked", () => {
    const optional = toCreatePayload({ ...timed, approver_id: "user-2" });
    expect(optional.approvers).toEqual([{ user_id: "user-2", required: false }]);
    const required = toCreatePayload({ ...timed, approver_id: "user-2", required_review: true });
    expect(required.approvers).toEqual([{ user_id: "user-2", required: true }]);
    expect(ZCreateEventRequestBodySchema.parse(required).approvers).toEqual([{ user_id: "user-2", required: true }]);
  });

  it("leaves blank text fields out (the contract accepts no null)", () => {
    const body = toCreatePayload(timed);
    expect("description" in body).toBe(false);
    expect("notes" in body).toBe(false);
    expect(ZCreateEventRequestBodySchema.safeParse({ ...body, notes: null }).success).toBe(false);
  });
});

describe("toUpdatePayload (only what changed)", () => {
  const stored = { ...timed, title: "Team lunch", notes: "" };

  it("sends nothing when nothing changed, whatever the viewer's zone", () => {
    expect(toUpdatePayload(stored, { ...stored })).toBeNull();
    // Nor is the zone typed in another spelling, or text differing only in surrounding spaces.
    expect(toUpdatePayload(stored, { ...stored, time_zone: "europe/lisbon" })).toBeNull();
    expect(toUpdatePayload(stored, { ...stored, title: " Team lunch  " })).toBeNull();
  });

  it("sends a changed text field alone, trimmed; a cleared one as empty", () => {
    expect(toUpdatePayload(stored, { ...stored, title: "  Team dinner " })).toEqual({ title: "Team dinner" });
    expect(toUpdatePayload(stored, { ...stored, location: "" })).toEqual({ location: "" });
  });

  it("sends a changed side whole, in the form's zone; never approvers or importance", () => {
    const body = toUpdatePayload(stored, { ...stored, end_time: "14:00", approver_id: "user-2", required_review: true });
    expect(body).toEqual({ end_date: { date_time: "2026-03-11T14:00", time_zone: TZ } });
    expect(ZUpdateEventRequestBodySchema.parse(body)).toEqual(body);
  });

  it("a new zone sends both sides, keeping the wall-clock times shown", () => {
    expect(toUpdatePayload(stored, { ...stored, time_zone: "Asia/Tokyo" })).toEqual({
      start_date: { date_time: "2026-03-11T12:00", time_zone: "Asia/Tokyo" },
      end_date: { date_time: "2026-03-11T13:30", time_zone: "Asia/Tokyo" },
    });
  });

  it("switching all-day sends both sides as dates", () => {
    const body = toUpdatePayload(stored, setAllDay(stored, true));
    expect(body).toEqual({ start_date: { date: "2026-03-11", time_zone: TZ }, end_date: { date: "2026-03-11", time_zone: TZ } });
    expect(ZUpdateEventRequestBodySchema.safeParse(body).success).toBe(true);
  });
});

const request: TEventRequest = {
  id: "req-1",
  title: "Dentist",
  description: null,
  location: "Rua Augusta",
  notes: "bring card",
  start_date: { date_time: "2026-03-11T09:30", time_zone: TZ },
  end_date: { date_time: "2026-03-11T10:15", time_zone: TZ },
  importance_level: 1,
  status: "pending",
  approval_status: "pending",
  requested_approvals: 2,
  completed_count: 0,
  approvers: [
    { id: "a1", user_id: "user-2", required: true, status: "pending", response_notes: null, responded_at: null },
    { id: "a2", user_id: "user-3", required: false, status: "pending", response_notes: null, responded_at: null },
  ],
  created_by: "user-1",
  created_at: "2026-03-01T10:00:00Z",
  updated_at: "2026-03-01T10:00:00Z",
  google_event_id: null,
};

describe("fromEventRequest", () => {
  it("fixture is a valid event request", () => {
    expect(ZEventRequestSchema.safeParse(request).success).toBe(true);
  });

  it("splits date_time into date and time and takes the first approver", () => {
    expect(fromEventRequest(request)).toEqual({
      title: "Dentist",
      location: "Rua Augusta",
      description: "",
      notes: "bring card",
      start_date: "2026-03-11",
      end_date: "2026-03-11",
      start_time: "09:30",
      end_time: "10:15",
      all_day: false,
      approver_id: "user-2",
      required_review: true,
      time_zone: TZ,
      ...NO_REPEAT,
    });
  });

  it("reads an ISO instant on the clocks of its time zone", () => {
    const values = fromEventRequest({
      ...request,
      start_date: { date_time: "2026-07-11T08:00:00Z", time_zone: TZ },
      end_date: { date_time: "2026-07-11T09:00:00Z", time_zone: TZ },
    });
    expect(values).toMatchObject({ start_date: "2026-07-11", start_time: "09:00", end_time: "10:00" });
  });

  it("a date-only request is all-day with no reviewer", () => {
    const values = fromEventRequest({
      ...request,
      title: null,
      start_date: { date: "2026-03-11", time_zone: TZ },
      end_date: { date: "2026-03-12", time_zone: TZ },
      approvers: [],
    });
    expect(values).toMatchObject({
      title: "",
      start_date: "2026-03-11",
      end_date: "2026-03-12",
      start_time: "",
      end_time: "",
      all_day: true,
      approver_id: null,
      required_review: false,
    });
  });

  it("keeps the event's own zone, canonically spelled, and shows a side stored in another zone on its clocks", () => {
    const values = fromEventRequest({
      ...request,
      start_date: { date_time: "2026-11-26T15:00", time_zone: "UTC" },
      end_date: { date_time: "2026-11-26T08:00", time_zone: "America/Los_Angeles" },
    });
    expect(values).toMatchObject({ time_zone: "UTC", start_time: "15:00", end_date: "2026-11-26", end_time: "16:00" });
  });
});

/*
 * Issue 11: an event made at 15:00 UTC, opened in a Los Angeles browser and saved without a
 * change, moved 8 hours (the form sent 15:00 with the browser's zone). The form now holds the
 * event's zone, and the viewer's zone reaches none of this.
 */
describe("open and save in another zone (issue 11)", () => {
  const utcEvent: TEventRequest = {
    ...request,
    start_date: { date_time: "2026-11-26T15:00", time_zone: "UTC" },
    end_date: { date_time: "2026-11-26T16:00", time_zone: "UTC" },
  };

  it("shows the event's wall clock in the event's zone, and saving unchanged sends nothing", () => {
    const values = fromEventRequest(utcEvent);
    expect(values).toMatchObject({ time_zone: "UTC", start_date: "2026-11-26", start_time: "15:00", end_time: "16:00" });
    expect(validateEventForm(values, values)).toEqual({});
    expect(toUpdatePayload(values, values)).toBeNull();
  });

  it("an instant stored with an offset is shown on the event's clocks and stays unsent", () => {
    const values = fromEventRequest({
      ...utcEvent,
      start_date: { date_time: "2026-11-26T15:00:00Z", time_zone: "UTC" },
      end_date: { date_time: "2026-11-26T07:00:00-08:00", time_zone: "UTC" },
    });
    expect(values).toMatchObject({ time_zone: "UTC", start_time: "15:00", end_time: "15:00" });
    expect(toUpdatePayload(values, values)).toBeNull();
  });

  it("changing only the title keeps the instant: no date is sent", () => {
    const values = fromEventRequest(utcEvent);
    expect(toUpdatePayload(values, { ...values, title: "Moved? No" })).toEqual({ title: "Moved? No" });
  });

  it("changing the end time sends it in the event's zone, not the viewer's", () => {
    const values = fromEventRequest(utcEvent);
    expect(toUpdatePayload(values, setEndTime({ ...values }, "17:00"))).toEqual({ end_date: { date_time: "2026-11-26T17:00", time_zone: "UTC" } });
  });
});

describe("applySmartFill", () => {
  const start = form({ title: "Mine", location: "Office", notes: "keep", start_date: "2026-03-11", start_time: "09:00" });

  it("overwrites only the fields the result supplies", () => {
    const next = applySmartFill(start, { title: "Lunch with Ana", location: "", notes: "  " });
    expect(next).toMatchObject({ title: "Lunch with Ana", location: "Office", notes: "keep", start_time: "09:00" });
    expect(applySmartFill(start, {})).toEqual(start);
  });

  it("a date_time fills date and time and makes the event timed", () => {
    const next = applySmartFill(form({ all_day: true }), {
      start_date: { date_time: "2026-03-12T12:00", time_zone: TZ },
      end_date: { date_time: "2026-03-12T13:00", time_zone: TZ },
    });
    expect(next).toMatchObject({
      all_day: false,
      start_date: "2026-03-12",
      start_time: "12:00",
      end_date: "2026-03-12",
      end_time: "13:00",
    });
  });

  it("a date makes the event all-day and clears the times", () => {
    const next = applySmartFill(start, { start_date: { date: "2026-03-14", time_zone: TZ } });
    expect(next).toMatchObject({ all_day: true, start_date: "2026-03-14", start_time: "", end_time: "", end_date: "" });
  });

  it("strips a T part from the assistant's all-day date", () => {
    // The contract refuses this shape; the form still copes with an assistant that sends it.
    const sloppy = { start_date: { date: "2026-03-14T00:00:00", time_zone: TZ } };
    expect(applySmartFill(form(), sloppy).start_date).toBe("2026-03-14");
  });

  it("takes the zone the result names, and reads its times on that zone's clocks", () => {
    const next = applySmartFill(form({ time_zone: "America/Los_Angeles" }), {
      start_date: { date_time: "2026-11-27T13:00:00Z", time_zone: "europe/lisbon" },
      end_date: { date_time: "2026-11-27T14:00", time_zone: "Europe/Lisbon" },
    });
    expect(next).toMatchObject({ time_zone: "Europe/Lisbon", start_time: "13:00", end_time: "14:00" });
  });

  it("takes the first suggested approver", () => {
    const next = applySmartFill(start, { approvers: [{ user_id: "user-9", required: true }, { user_id: "user-8", required: false }] });
    expect(next).toMatchObject({ approver_id: "user-9", required_review: true });
    expect(applySmartFill({ ...start, approver_id: "user-1" }, { approvers: [] }).approver_id).toBe("user-1");
  });
});

describe("buildAutoFillRequest", () => {
  const now = new Date(Date.UTC(2026, 6, 1, 23, 30)); // 00:30 on 2 July in Lisbon (UTC+1)

  it("sends the description, today in the user's zone and the form's context", () => {
    const body = buildAutoFillRequest("  lunch with Ana tomorrow at noon ", { ...timed, approver_id: "user-2" }, now, TZ);
    expect(body).toEqual({
      description: "lunch with Ana tomorrow at noon",
      current_date: "2026-07-02T00:30",
      time_zone: TZ,
      importance_level: 1,
      title: "Team lunch",
      location: "Cantina",
      start_date: { date_time: "2026-03-11T12:00", time_zone: TZ },
      end_date: { date_time: "2026-03-11T13:30", time_zone: TZ },
      approvers: [{ user_id: "user-2", required: false }],
    });
    expect(ZSmartParseRequestSchema.parse(body)).toEqual(body);
  });

  it("leaves out what the empty form does not have", () => {
    const body = buildAutoFillRequest("dinner friday", emptyEventForm("UTC"), now, "UTC");
    expect(body).toEqual({ description: "dinner friday", current_date: "2026-07-01T23:30", time_zone: "UTC", importance_level: 1 });
    expect(ZSmartParseRequestSchema.safeParse(body).success).toBe(true);
  });
});
