import { describe, expect, it } from "vitest";
import { CANNOT_SEE_CALENDAR, freeSlots, runTool, TOOL_DEFINITIONS } from "./tools.ts";
import type { UserServices } from "./user-services.ts";

const at = (hhmm: string) => Date.parse(`2026-03-11T${hhmm}:00Z`);
const services = (answer: UserServices["call"]): UserServices & { calls: unknown[][] } => {
  const calls: unknown[][] = [];
  return { calls, call: async (...args) => (calls.push(args), answer(...args)) };
};

describe("the agent's tools", () => {
  it("offers nothing destructive", () => {
    expect(TOOL_DEFINITIONS.map((tool) => tool.function.name)).toEqual([
      "create_event_request",
      "list_my_event_requests",
      "get_event_request",
      "list_my_relationships",
      "list_unread_notifications",
      "mark_notifications_read",
      "find_free_time",
    ]);
  });

  it("finds the free slots between busy intervals", () => {
    const busy = [{ start: at("10:00"), end: at("11:00") }, { start: at("10:30"), end: at("12:00") }, { start: at("15:00"), end: at("15:10") }];
    expect(freeSlots(busy, at("09:00"), at("17:00"), 30)).toEqual([
      { start: at("09:00"), end: at("10:00") },
      { start: at("12:00"), end: at("15:00") },
      { start: at("15:10"), end: at("17:00") },
    ]);
    expect(freeSlots(busy, at("09:00"), at("17:00"), 90)).toEqual([{ start: at("12:00"), end: at("15:00") }, { start: at("15:10"), end: at("17:00") }]);
  });

  it("find_free_time says it cannot see the calendar when the calendar service fails", async () => {
    const down = services(async () => {
      throw new TypeError("fetch failed");
    });
    const args = { time_min: "2026-03-11T09:00:00Z", time_max: "2026-03-11T17:00:00Z" };
    expect(JSON.parse((await runTool(down, "find_free_time", args)).content)).toEqual({ error: true, message: CANNOT_SEE_CALENDAR });
    const notConnected = services(async () => ({ status: 404, body: { message: "Not connected" } }));
    expect(JSON.parse((await runTool(notConnected, "find_free_time", args)).content).message).toBe(CANNOT_SEE_CALENDAR);
    const up = services(async () => ({ status: 200, body: { busy: [{ start: "2026-03-11T10:00:00Z", end: "2026-03-11T16:00:00Z" }] } }));
    expect(JSON.parse((await runTool(up, "find_free_time", { ...args, duration_minutes: 45 })).content)).toEqual({
      free: [{ start: "2026-03-11T09:00:00.000Z", end: "2026-03-11T10:00:00.000Z" }, { start: "2026-03-11T16:00:00.000Z", end: "2026-03-11T17:00:00.000Z" }],
    });
    expect(up.calls[0]).toEqual(["calendar", "POST", "/api/v1/calendar/free-busy", { timeMin: "2026-03-11T09:00:00.000Z", timeMax: "2026-03-11T17:00:00.000Z" }]);
  });

  it("create_event_request refuses invalid fields before calling the events service", async () => {
    const events = services(async () => ({ status: 201, body: {} }));
    const outcome = await runTool(events, "create_event_request", { title: "x", start_date: { date_time: "nope", time_zone: "UTC" } });
    expect(JSON.parse(outcome.content)).toMatchObject({ error: true, message: "Invalid event fields" });
    expect(events.calls).toEqual([]);
  });
});
