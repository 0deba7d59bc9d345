import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf } from "@amia/contracts";
import { createTestHarness, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createUsageService } from "./app.ts";
import { modelCall, recordAll } from "./testing/model-calls.ts";

let harness: TestHarness;
let usage: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("usage");
  usage = await harness.mount("usage", createUsageService);
});
afterEach(() => harness.close());

const ana = { id: randomUUID() };
const bob = { id: randomUUID() };

const records = () => usage.db.collection<{ _id: string }>("ai_usage_records");
const record = (...events: TEventOf<"ai-usage.recorded">[]) => recordAll(harness.bus, records(), events);
const list = (user: { id: string }, query = "") => usage.as(user).get(`/api/v1/ai-usage${query}`);
const cost = (user: { id: string }, query: string) => usage.as(user).get(`/api/v1/ai-usage/cost?${query}`);
const byRange = (user: { id: string }, query: string) => usage.as(user).get(`/api/v1/ai-usage/by-date-range?${query}`);
const idsOf = (response: { body: { ai_usage_records: Array<{ id: string }> } }) => response.body.ai_usage_records.map((record) => record.id);

describe("usage: recording model calls", () => {
  it("stores each call once for its user, priced when recorded, and shows it to nobody else", async () => {
    const first = modelCall(ana, { model: "gpt-4o-mini-2024-07-18", feature: "auto-fill", occurred_at: "2026-03-15T10:00:00+02:00" });
    const unknown = modelCall(ana, { model: "mystery-model", occurred_at: "2026-03-15T09:00:00.000Z" });
    const bobs = modelCall(bob, { model: "gpt-4o" });

    // The same envelope twice (a redelivery), then a later call that proves both were handled.
    await record(first, first, unknown, bobs);

    const mine = await list(ana);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      ai_usage_records: [
        {
          id: unknown.id,
          created_at: "2026-03-15T09:00:00.000Z",
          cost: 0,
          usage: { prompt_tokens: 1_000, completion_tokens: 1_000, total_tokens: 2_000, model: "mystery-model" },
          metadata: { model: "mystery-model", request_id: unknown.data.request_id, feature: "chat" },
        },
        {
          id: first.id,
          created_at: "2026-03-15T08:00:00.000Z",
          cost: 0.00075, // 1000 × $0.15/M in + 1000 × $0.60/M out
          usage: { prompt_tokens: 1_000, completion_tokens: 1_000, total_tokens: 2_000, model: "gpt-4o-mini-2024-07-18" },
          metadata: { model: "gpt-4o-mini-2024-07-18", request_id: first.data.request_id, feature: "auto-fill" },
        },
      ],
      total_count: 2,
      skip: 0,
      take: 10,
    });
    const stored = await records().findOne({ _id: first.id });
    expect(stored).toMatchObject({ price_table_version: expect.any(String), priced_as: "gpt-4o-mini" });

    expect(idsOf(await list(bob))).toEqual([bobs.id]);
    expect((await list(bob)).body.ai_usage_records[0].cost).toBe(0.0125);
    expect((await list({ id: randomUUID() })).body).toEqual({ ai_usage_records: [], total_count: 0, skip: 0, take: 10 });
    expect((await usage.anonymous.get("/api/v1/ai-usage")).status).toBe(401);
  });
});

describe("usage: cost over a date range", () => {
  // Prices of 1000 input and 1000 output tokens: gpt-5 $0.01125, gpt-4o $0.0125,
  // gpt-4.1-nano $0.0005, gpt-4o-mini $0.00075, gpt-4.1 $0.01.
  const beforeMarch = modelCall(ana, { model: "gpt-5", occurred_at: "2026-02-28T23:59:59.999Z" });
  const firstMoment = modelCall(ana, { model: "gpt-4o", occurred_at: "2026-03-01T00:00:00.000Z" });
  const midMarch = modelCall(ana, { model: "gpt-4.1-nano", occurred_at: "2026-03-15T12:00:00.000Z" });
  const lastMoment = modelCall(ana, { model: "gpt-4o-mini", occurred_at: "2026-03-31T23:59:59.999Z" });
  // 20:00 on 31 March in New York: April in UTC, March for a New Yorker.
  const afterMarch = modelCall(ana, { model: "gpt-4.1", occurred_at: "2026-03-31T20:00:00-04:00" });
  const bobsMarch = modelCall(bob, { model: "gpt-4o", occurred_at: "2026-03-10T00:00:00.000Z" });

  beforeEach(() => record(beforeMarch, firstMoment, midMarch, lastMoment, afterMarch, bobsMarch));

  it("sums whole days in UTC, first and last day included", async () => {
    const response = await cost(ana, "startDate=2026-03-01&endDate=2026-03-31");

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ cost: 0.01375 }); // 0.0125 + 0.0005 + 0.00075
    expect(idsOf(await byRange(ana, "startDate=2026-03-01&endDate=2026-03-31"))).toEqual([lastMoment.id, midMarch.id, firstMoment.id]);
  });

  it("sums whole days in the caller's time zone when given", async () => {
    // March in New York runs from 05:00 UTC on 1 March to 04:00 UTC on 1 April.
    const query = "startDate=2026-03-01&endDate=2026-03-31&timeZone=America/New_York";

    expect((await cost(ana, query)).body).toEqual({ cost: 0.01125 }); // 0.01 + 0.00075 + 0.0005
    expect(idsOf(await byRange(ana, query))).toEqual([afterMarch.id, lastMoment.id, midMarch.id]);
  });

  it("sums exact instants, both ends included, and nothing in an empty range", async () => {
    expect((await cost(ana, "startDate=2026-02-28T23:59:59.999Z&endDate=2026-03-01T00:00:00Z")).body).toEqual({ cost: 0.02375 });
    expect((await cost(ana, "startDate=2025-01-01&endDate=2025-12-31")).body).toEqual({ cost: 0 });
    expect((await cost(bob, "startDate=2026-03-01&endDate=2026-03-31")).body).toEqual({ cost: 0.0125 });
    expect((await cost({ id: randomUUID() }, "startDate=2026-03-01&endDate=2026-03-31")).body).toEqual({ cost: 0 });
  });

  it("refuses a reversed or malformed range with a 400 naming the field", async () => {
    const fieldsOf = (response: { body: { details: { fields: Array<{ path: string }> } } }) => response.body.details.fields.map((field) => field.path);

    const reversed = await cost(ana, "startDate=2026-03-31&endDate=2026-03-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe("validation_failed");
    expect(fieldsOf(reversed)).toEqual(["endDate"]);
    expect(fieldsOf(await cost(ana, "endDate=2026-03-31"))).toEqual(["startDate"]);
    expect(fieldsOf(await cost(ana, "startDate=2026-02-30&endDate=2026-03-31"))).toEqual(["startDate"]);
    expect(fieldsOf(await cost(ana, "startDate=2026-03-01T10:00&endDate=2026-03-31"))).toEqual(["startDate"]);
    expect(fieldsOf(await cost(ana, "startDate=2026-03-01&endDate=2026-03-31&timeZone=Mars/Olympus"))).toEqual(["timeZone"]);
    expect(fieldsOf(await byRange(ana, "startDate=2026-03-31&endDate=2026-03-01"))).toEqual(["endDate"]);
    expect(fieldsOf(await byRange(ana, "startDate=2026-03-01&endDate=2026-03-31&take=1000"))).toEqual(["take"]);
    expect((await usage.anonymous.get("/api/v1/ai-usage/cost?startDate=2026-03-01&endDate=2026-03-31")).status).toBe(401);
  });
});

describe("usage: paging", () => {
  it("pages newest first with the total over all pages", async () => {
    // Twelve calls on twelve days of March, and one of Bob's that must never show.
    const calls = Array.from({ length: 12 }, (_, index) => modelCall(ana, { occurred_at: `2026-03-${String(index + 1).padStart(2, "0")}T08:00:00.000Z` }));
    await record(...calls, modelCall(bob));
    const newestFirst = calls.map((call) => call.id).reverse();

    const first = await list(ana);
    expect(first.body).toMatchObject({ total_count: 12, skip: 0, take: 10 });
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 10));
    expect(idsOf(await list(ana, "?skip=10"))).toEqual(newestFirst.slice(10));
    expect(idsOf(await list(ana, "?skip=4&take=3"))).toEqual(newestFirst.slice(4, 7));
    expect((await list(ana, "?skip=20")).body).toEqual({ ai_usage_records: [], total_count: 12, skip: 20, take: 10 });
    expect((await list(ana, "?take=0")).body).toEqual({ ai_usage_records: [], total_count: 12, skip: 0, take: 0 });
    expect((await list(ana, "?skip=-1")).status).toBe(400);

    const inRange = await byRange(ana, "startDate=2026-03-03&endDate=2026-03-10&skip=2&take=3");
    expect(inRange.body).toMatchObject({ total_count: 8, skip: 2, take: 3 });
    expect(idsOf(inRange)).toEqual(newestFirst.slice(2 + 2, 2 + 5)); // 8 March, 7 March, 6 March
  });
});
