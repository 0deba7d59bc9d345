import { describe, expect, it } from "vitest";
import {
  ZCreateEventRequestBodySchema,
  ZEventRequestSchema,
  ZSmartParseRequestSchema,
  ZUpdateEventRequestBodySchema,
  type TEventRequest,
} from "@amia/contracts";
import {
  DEFAULT_OFFSET_MINUTES,
  applySmartFill,
  buildAutoFillRequest,
  clearError,
  emptyEventForm,
  fromEventRequest,
  hasErrors,
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
  return { ...emptyEventForm(), ...overrides };
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
  it("starts blank, timed, with no reviewer", () => {
    expect(emptyEventForm()).toEqual({
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
    expect(before).toEqual(emptyEventForm());
  });
});

describe("validateEventForm", () => {
  it("requires both times unless all-day", () => {
    expect(validateEventForm(form())).toEqual({
      start_time: "Start time is required",
      end_time: "End time is required",
    });
    expect(validateEventForm(form({ start_time: "09:00" }))).toEqual({ end_time: "End time is required" });
    expect(validateEventForm(timed)).toEqual({});
    expect(validateEventForm(form({ all_day: true }))).toEqual({});
  });

  it("does not validate the title", () => {
    expect(validateEventForm({ ...timed, title: "" })).toEqual({});
  });

  it("errors clear when their field changes", () => {
    const errors = validateEventForm(form());
    expect(hasErrors(errors)).toBe(true);
    const afterStart = clearError(errors, "start_time");
    expect(afterStart).toEqual({ end_time: "End time is required" });
    expect(clearError(afterStart, "title")).toBe(afterStart);
    expect(hasErrors(clearError(afterStart, "end_time"))).toBe(false);
    expect(errors.start_time).toBe("Start time is required"); // not mutated
  });
});

describe("toCreatePayload", () => {
  it("sends a timed event as local date_time with the time zone, importance 1, no reviewers", () => {
    const body = toCreatePayload(timed, TZ);
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

  it("sends all-day events as date only", () => {
    const body = toCreatePayload(form({ start_date: "2026-03-11", end_date: "2026-03-12", all_day: true, start_time: "10:00" }), TZ);
    expect(body.start_date).toEqual({ date: "2026-03-11", time_zone: TZ });
    expect(body.end_date).toEqual({ date: "2026-03-12", time_zone: TZ });
    expect(ZCreateEventRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends a date with no time as date only", () => {
    const body = toCreatePayload(form({ start_date: "2026-03-11", end_date: "2026-03-11" }), TZ);
    expect(body.start_date).toEqual({ date: "2026-03-11", time_zone: TZ });
    expect(body.end_date).toEqual({ date: "2026-03-11", time_zone: TZ });
    expect(ZCreateEventRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends the one reviewer, required when Required Review is ticked", () => {
    const optional = toCreatePayload({ ...timed, approver_id: "user-2" }, TZ);
    expect(optional.approvers).toEqual([{ user_id: "user-2", required: false }]);
    const required = toCreatePayload({ ...timed, approver_id: "user-2", required_review: true }, TZ);
    expect(required.approvers).toEqual([{ user_id: "user-2", required: true }]);
    expect(ZCreateEventRequestBodySchema.parse(required).approvers).toEqual([{ user_id: "user-2", required: true }]);
  });

  it("leaves blank text fields out (the contract accepts no null)", () => {
    const body = toCreatePayload(timed, TZ);
    expect("description" in body).toBe(false);
    expect("notes" in body).toBe(false);
    expect(ZCreateEventRequestBodySchema.safeParse({ ...body, notes: null }).success).toBe(false);
  });
});

describe("toUpdatePayload", () => {
  it("sends no approvers, importance 1, and the date strings wrapped for the contract", () => {
    const body = toUpdatePayload({ ...timed, approver_id: "user-2", required_review: true }, TZ);
    expect(body).toEqual({
      title: "Team lunch",
      location: "Cantina",
      description: "",
      notes: "",
      importance_level: 1,
      start_date: { date_time: "2026-03-11T12:00", time_zone: TZ },
      end_date: { date_time: "2026-03-11T13:30", time_zone: TZ },
    });
    expect("approvers" in body).toBe(false);
    expect(ZUpdateEventRequestBodySchema.parse(body)).toEqual(body);
  });

  it("does not consult the all-day flag: dates without times go as date", () => {
    const body = toUpdatePayload(form({ start_date: "2026-03-11", end_date: "2026-03-12", all_day: true }), TZ);
    expect(body.start_date).toEqual({ date: "2026-03-11", time_zone: TZ });
    expect(body.end_date).toEqual({ date: "2026-03-12", time_zone: TZ });
    expect(ZUpdateEventRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it("leaves out a side with no date", () => {
    const body = toUpdatePayload(form({ title: "x" }), TZ);
    expect("start_date" in body).toBe(false);
    expect("end_date" in body).toBe(false);
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

  it("round-trips through the update payload", () => {
    expect(ZUpdateEventRequestBodySchema.safeParse(toUpdatePayload(fromEventRequest(request), TZ)).success).toBe(true);
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
    const body = buildAutoFillRequest("dinner friday", emptyEventForm(), now, "UTC");
    expect(body).toEqual({ description: "dinner friday", current_date: "2026-07-01T23:30", time_zone: "UTC", importance_level: 1 });
    expect(ZSmartParseRequestSchema.safeParse(body).success).toBe(true);
  });
});
