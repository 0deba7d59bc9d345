import { describe, expect, it } from "vitest";
import { ZChatRequestSchema } from "@amia/contracts";
import type { UserServices } from "../tools/user-services.ts";
import { OFFLINE_HELP, offlineAnswer, pieces, type ChatTurn } from "./chat.ts";

// Tue 10 Mar 2026, 09:30 in Lisbon (UTC+0 in March).
const NOW = Date.parse("2026-03-10T09:30:00Z");

function turnWith(content: string, created: boolean) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const services: UserServices = {
    call: async (_service, method, path, body) => {
      calls.push({ method, path, body });
      return created ? { status: 201, body: { event_request: { id: "e1", ...(body as object) } } } : { status: 503, body: { message: "down" } };
    },
  };
  const turn: ChatTurn = {
    request: ZChatRequestSchema.parse({ messages: [{ role: "user", content }], context: { timezone: "Europe/Lisbon" } }),
    userId: "u1",
    requestId: "r1",
    services,
  };
  return { turn, calls };
}

describe("the offline assistant", () => {
  it("drafts a scheduling request through create_event_request and says so in markdown", async () => {
    const { turn, calls } = turnWith("Lunch with Sarah tomorrow at noon at Joe's Pizza", true);
    const answer = await offlineAnswer(turn, NOW);
    expect(answer).toBe("I've drafted *Lunch with Sarah* for Wed 11 Mar, 12:00–12:15 at Joe's Pizza. Nobody needs to review it, so it goes straight to your calendar; you'll find it in your event requests.");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/v1/event-requests",
        body: expect.objectContaining({
          title: "Lunch with Sarah",
          location: "Joe's Pizza",
          start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
          end_date: { date_time: "2026-03-11T12:15", time_zone: "Europe/Lisbon" },
          approvers: [],
        }),
      },
    ]);
  });

  it("describes all-day ranges", async () => {
    const { turn } = turnWith("Holiday March 20 to March 27", true);
    expect(await offlineAnswer(turn, NOW)).toMatch(/^I've drafted \*Holiday\* for Fri 20 Mar – Fri 27 Mar\./);
  });

  it("says when the draft could not be made", async () => {
    const { turn } = turnWith("Dentist on Friday at 3pm", false);
    expect(await offlineAnswer(turn, NOW)).toMatch(/^I understood \*Dentist\* for Fri 13 Mar, 15:00–15:15, but could not draft it/);
  });

  it("answers anything else with what it can do, calling nothing", async () => {
    const { turn, calls } = turnWith("What's the weather like?", true);
    expect(await offlineAnswer(turn, NOW)).toBe(OFFLINE_HELP);
    expect(calls).toEqual([]);
  });

  it("streams an answer in several word-boundary pieces", () => {
    const text = "I've drafted *Lunch* for Wed 11 Mar, 12:00–12:15.";
    const parts = pieces(text);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.join("")).toBe(text);
  });
});
