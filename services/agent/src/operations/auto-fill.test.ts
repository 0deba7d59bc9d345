import { describe, expect, it } from "vitest";
import type OpenAI from "openai";
import { quietLogger } from "@amia/kit/testing";
import { ZSmartParseResultSchema, type TSmartParseRequest } from "@amia/contracts";
import { modelAutoFill, offlineAutoFill } from "./auto-fill.ts";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";

// Given a description on Tue 10 Mar 2026 09:30 in Lisbon; the model is a scripted client that
// answers one fixed structured output (the OpenAI stand-in drives the real HTTP path in the
// integration tests).
const TZ = "Europe/Lisbon";
const request = (description: string): TSmartParseRequest => ({ description, current_date: "2026-03-10T09:30", time_zone: TZ });
const who = { userId: "user-1", requestId: "request-1" };
const usage: UsageRecorder = { record: async () => undefined };

function scriptedModel(content: string) {
  const client = {
    chat: { completions: { create: async () => ({ model: "scripted", usage: { prompt_tokens: 10, completion_tokens: 5 }, choices: [{ message: { content } }] }) } },
  } as unknown as OpenAI;
  return { client, model: "scripted" };
}

describe("smart-fill without a model", () => {
  it("fills what it found and says what it could not read", () => {
    expect(offlineAutoFill(request("Meeting on 31 February at 25:00"))).toEqual({
      title: "Meeting",
      problems: [
        { field: "start_date", text: "31 February", message: "31 February is not a date" },
        { field: "start_date", text: "25:00", message: "25:00 is not a time" },
      ],
    });
  });

  it("leaves problems out when there are none, and a lunch lasts an hour", () => {
    expect(offlineAutoFill(request("Lunch with Bruno on Friday at 1pm at Joe's"))).toEqual({
      title: "Lunch with Bruno",
      location: "Joe's",
      start_date: { date_time: "2026-03-13T13:00", time_zone: TZ },
      end_date: { date_time: "2026-03-13T14:00", time_zone: TZ },
    });
  });
});

describe("smart-fill with a model", () => {
  it("returns the model's fields the contract accepts", async () => {
    const fields = { title: "Dentist", location: "", start_date: { date_time: "2026-03-13T15:00", time_zone: TZ }, end_date: { date_time: "2026-03-13T15:30", time_zone: TZ } };
    const result = await modelAutoFill(request("Dentist on Friday at 3pm for 30 minutes"), who, scriptedModel(JSON.stringify(fields)), usage, quietLogger());
    expect(result).toEqual({ title: "Dentist", start_date: fields.start_date, end_date: fields.end_date });
  });

  it("drops a date the contract refuses (year 10000) and says so, keeping the rest", async () => {
    const fields = { title: "Launch", start_date: { date_time: "10000-01-01T10:00", time_zone: TZ }, end_date: { date_time: "10000-01-01T11:00", time_zone: TZ } };
    const result = await modelAutoFill(request("Launch in the year 10000"), who, scriptedModel(JSON.stringify(fields)), usage, quietLogger());
    expect(result).toEqual({ title: "Launch", problems: [{ field: "start_date", text: "", message: "That date is too far away (after the year 9999)" }] });
    expect(ZSmartParseResultSchema.safeParse(result).success).toBe(true);
  });

  it("drops an end before the start", async () => {
    const fields = { title: "Trip", start_date: { date: "2026-04-05", time_zone: TZ }, end_date: { date: "2026-04-03", time_zone: TZ } };
    const result = await modelAutoFill(request("Trip April 5 to April 3"), who, scriptedModel(JSON.stringify(fields)), usage, quietLogger());
    expect(result).toEqual({ title: "Trip", problems: [{ field: "start_date", text: "", message: "The end is before the start" }] });
  });

  it("keeps the problems the model reports", async () => {
    const answer = { title: "Meeting", problems: [{ field: "start_date", text: "31 February", message: "31 February is not a date" }, { nonsense: true }] };
    const result = await modelAutoFill(request("Meeting on 31 February"), who, scriptedModel(JSON.stringify(answer)), usage, quietLogger());
    expect(result).toEqual({ title: "Meeting", problems: [{ field: "start_date", text: "31 February", message: "31 February is not a date" }] });
  });

  it("falls back to the offline parser when the answer is not JSON or keeps nothing", async () => {
    const offline = offlineAutoFill(request("Team sync tomorrow at 9am"));
    expect(await modelAutoFill(request("Team sync tomorrow at 9am"), who, scriptedModel("not json"), usage, quietLogger())).toEqual(offline);
    const nothingValid = JSON.stringify({ start_date: { date_time: "soon", time_zone: TZ } });
    expect(await modelAutoFill(request("Team sync tomorrow at 9am"), who, scriptedModel(nothingValid), usage, quietLogger())).toEqual(offline);
  });
});
