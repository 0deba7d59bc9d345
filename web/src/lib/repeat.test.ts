import { describe, expect, it } from "vitest";
import { ZCreateEventRequestBodySchema } from "@amia/contracts";
import { emptyEventForm, fromEventRequest, toCreatePayload, toUpdatePayload, validateEventForm, type EventFormValues } from "./event-form.ts";
import {
  NO_REPEAT,
  REPEAT_MESSAGES,
  recurrenceOf,
  recurrenceWords,
  repeatErrors,
  repeatFromRecurrence,
  setRepeat,
  setRepeatUnit,
  toggleRepeatDay,
} from "./repeat.ts";

const TZ = "Europe/Lisbon";
/** Tuesday 24 Nov 2026, 09:30–10:00 in Lisbon. */
const tuesday: EventFormValues = { ...emptyEventForm(TZ), title: "Planning", start_date: "2026-11-24", end_date: "2026-11-24", start_time: "09:30", end_time: "10:00" };

describe("the Repeat choice makes a rule", () => {
  it("does not repeat by default, and sends no recurrence", () => {
    expect(recurrenceOf(tuesday)).toBeNull();
    expect(toCreatePayload(tuesday)).not.toHaveProperty("recurrence");
  });

  it("every day, every weekday, monthly on the start's day", () => {
    expect(recurrenceOf(setRepeat(tuesday, "daily"))).toBe("FREQ=DAILY");
    expect(recurrenceOf(setRepeat(tuesday, "weekdays"))).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(recurrenceOf(setRepeat(tuesday, "monthly"))).toBe("FREQ=MONTHLY;BYMONTHDAY=24");
  });

  it("weekly starts on the start's weekday; more days can be ticked, in week order", () => {
    const weekly = setRepeat(tuesday, "weekly");
    expect(weekly.repeat_days).toBe("TU");
    expect(recurrenceOf(toggleRepeatDay(toggleRepeatDay(weekly, "TH", true), "MO", true))).toBe("FREQ=WEEKLY;BYDAY=MO,TU,TH");
  });

  it("custom: every 2 weeks on Tuesday, every 3 months, every year", () => {
    const custom = setRepeat({ ...tuesday }, "custom");
    expect(recurrenceOf(custom)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    expect(recurrenceOf({ ...setRepeatUnit(custom, "month"), repeat_interval: "3" })).toBe("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=24");
    expect(recurrenceOf({ ...setRepeatUnit(custom, "year"), repeat_interval: "1" })).toBe("FREQ=YEARLY");
  });

  it("ends on a date (inclusive) or after N times", () => {
    const daily = setRepeat(tuesday, "daily");
    expect(recurrenceOf({ ...daily, repeat_ends: "on", repeat_until: "2026-12-31" })).toBe("FREQ=DAILY;UNTIL=20261231");
    expect(recurrenceOf({ ...daily, repeat_ends: "after", repeat_count: "10" })).toBe("FREQ=DAILY;COUNT=10");
  });

  it("the create body carries it, and the contract accepts it as sent", () => {
    const body = toCreatePayload({ ...setRepeat(tuesday, "weekly"), repeat_ends: "after", repeat_count: "6" });
    expect(body.recurrence).toBe("FREQ=WEEKLY;BYDAY=TU;COUNT=6");
    expect(ZCreateEventRequestBodySchema.parse(body).recurrence).toBe(body.recurrence);
  });
});

describe("what stops a save, in plain words", () => {
  it("no day, or days without the start's", () => {
    const none = toggleRepeatDay(setRepeat(tuesday, "weekly"), "TU", false);
    expect(repeatErrors(none)).toEqual({ repeat_days: REPEAT_MESSAGES.days });
    const other = toggleRepeatDay(none, "WE", true);
    expect(repeatErrors(other)).toEqual({ repeat_days: "The event starts on a Tuesday: include Tuesday, or move the start to one of the chosen days." });
    expect(validateEventForm(other).repeat_days).toBeDefined();
  });

  it("weekdays from a Saturday", () => {
    expect(repeatErrors(setRepeat({ ...tuesday, start_date: "2026-11-28", end_date: "2026-11-28" }, "weekdays"))).toEqual({ repeat: REPEAT_MESSAGES.weekdayStart("Saturday") });
  });

  it("an interval, a last date or a count out of bounds", () => {
    const custom = setRepeat(tuesday, "custom");
    for (const interval of ["0", "100", "two", ""]) expect(repeatErrors({ ...custom, repeat_interval: interval }), interval).toEqual({ repeat_interval: REPEAT_MESSAGES.interval });
    const daily = setRepeat(tuesday, "daily");
    expect(repeatErrors({ ...daily, repeat_ends: "on", repeat_until: "" })).toEqual({ repeat_until: REPEAT_MESSAGES.untilMissing });
    expect(repeatErrors({ ...daily, repeat_ends: "on", repeat_until: "2026-11-23" })).toEqual({ repeat_until: REPEAT_MESSAGES.untilBefore });
    expect(repeatErrors({ ...daily, repeat_ends: "on", repeat_until: "2031-11-25" })).toEqual({ repeat_until: REPEAT_MESSAGES.untilTooFar });
    expect(repeatErrors({ ...daily, repeat_ends: "on", repeat_until: "2031-11-24" })).toEqual({});
    for (const count of ["0", "731", "x"]) expect(repeatErrors({ ...daily, repeat_ends: "after", repeat_count: count }), count).toEqual({ repeat_count: REPEAT_MESSAGES.count });
  });
});

describe("an edit opens the stored rule and sends it back only when changed", () => {
  const stored = (recurrence: string | null) => ({
    id: "r1",
    title: "Planning",
    description: null,
    location: null,
    notes: null,
    start_date: { date_time: "2026-11-24T09:30", time_zone: TZ },
    end_date: { date_time: "2026-11-24T10:00", time_zone: TZ },
    recurrence,
    importance_level: 1,
    status: "approved" as const,
    approval_status: "approved" as const,
    requested_approvals: 0,
    completed_count: 0,
    approvers: [],
    created_by: "u1",
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
    google_event_id: null,
  });

  it("opens every rule the subset allows in a choice that makes the same rule", () => {
    for (const rule of [
      "FREQ=DAILY",
      "FREQ=DAILY;INTERVAL=3;COUNT=5",
      "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261231",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
      "FREQ=MONTHLY;BYMONTHDAY=24",
      "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=24",
      "FREQ=YEARLY;INTERVAL=2",
    ]) {
      const values = fromEventRequest(stored(rule));
      expect(recurrenceOf(values), rule).toBe(rule);
      expect(toUpdatePayload(values, values), rule).toBeNull();
    }
    expect(repeatFromRecurrence(null, "2026-11-24")).toEqual(NO_REPEAT);
  });

  it("a stored FREQ=WEEKLY (the start's day implied) ticks that day, and saving unchanged sends nothing", () => {
    const values = fromEventRequest(stored("FREQ=WEEKLY"));
    expect(values).toMatchObject({ repeat: "weekly", repeat_days: "TU" });
    expect(toUpdatePayload(values, values)).toBeNull();
  });

  it("sends the new rule, or null to stop repeating", () => {
    const baseline = fromEventRequest(stored("FREQ=WEEKLY;BYDAY=TU"));
    expect(toUpdatePayload(baseline, toggleRepeatDay(baseline, "TH", true))).toEqual({ recurrence: "FREQ=WEEKLY;BYDAY=TU,TH" });
    expect(toUpdatePayload(baseline, setRepeat(baseline, "none"))).toEqual({ recurrence: null });
  });
});

describe("a request's repeat in words", () => {
  const request = { recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", start_date: { date_time: "2026-11-24T10:00", time_zone: TZ } };
  it("in the event's time on the app's 12-hour clock, naming its zone when the viewer's clocks differ", () => {
    expect(recurrenceWords(request, TZ)).toBe("Every weekday at 10:00 AM");
    expect(recurrenceWords(request, "UTC")).toBe("Every weekday at 10:00 AM"); // Lisbon is on UTC in November
    expect(recurrenceWords(request, "America/New_York")).toBe("Every weekday at 10:00 AM (Europe/Lisbon)");
    expect(recurrenceWords({ ...request, recurrence: null }, TZ)).toBeNull();
  });
});

describe("smart-fill and the assistant's Change fill the Repeat choice", () => {
  it("a found rule sets the choice against the start it filled; none leaves the form's", async () => {
    const { applySmartFill } = await import("./event-form.ts");
    const filled = applySmartFill(emptyEventForm(TZ), {
      title: "Yoga",
      start_date: { date_time: "2026-11-24T19:00", time_zone: TZ },
      end_date: { date_time: "2026-11-24T20:00", time_zone: TZ },
      recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
    });
    expect(filled).toMatchObject({ repeat: "custom", repeat_interval: "2", repeat_unit: "week", repeat_days: "TU" });
    expect(toCreatePayload(filled).recurrence).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    const weekly = setRepeat(tuesday, "weekly");
    expect(applySmartFill(weekly, { title: "Renamed" })).toMatchObject({ repeat: "weekly", repeat_days: "TU" });
  });
});
