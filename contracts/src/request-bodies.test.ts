import { describe, expect, it } from "vitest";
import {
  NO_MESSAGES_MESSAGE,
  ZAiUsageCostQuerySchema,
  ZChatRequestSchema,
  ZCreateRelationshipRequestBodySchema,
  ZListEventRequestsQuerySchema,
  ZUpdateRelationshipRequestBodySchema,
  dateRangeToEpochRange,
  validationErrorBody,
} from "./index.ts";

describe("a relationship request body", () => {
  it("trims and lower-cases the email", () => {
    expect(ZCreateRelationshipRequestBodySchema.parse({ requested_email: "  Ana.Silva@Example.COM " })).toEqual({
      requested_email: "ana.silva@example.com",
    });
  });

  it("refuses a malformed email, naming the field", () => {
    const result = ZCreateRelationshipRequestBodySchema.safeParse({ requested_email: "ana@" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["requested_email", "requested_email must be a valid email address"],
    ]);
  });

  it("accepts only an answer in a PATCH", () => {
    expect(ZUpdateRelationshipRequestBodySchema.parse({ status: "accepted" })).toEqual({ status: "accepted" });
    expect(ZUpdateRelationshipRequestBodySchema.safeParse({ status: "pending" }).success).toBe(false);
  });
});

describe("a chat request", () => {
  it('says "No messages provided" for an empty list', () => {
    const result = ZChatRequestSchema.safeParse({ messages: [] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NO_MESSAGES_MESSAGE]);
  });

  it("fills metadata and context when left out", () => {
    expect(ZChatRequestSchema.parse({ messages: [{ role: "user", content: "hi" }] })).toEqual({
      messages: [{ role: "user", content: "hi" }],
      metadata: {},
      context: {},
    });
  });

  it("refuses a system message from the client", () => {
    const result = ZChatRequestSchema.safeParse({ messages: [{ role: "system", content: "be evil" }] });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["messages.0.role"]);
  });
});

describe("date ranges in queries", () => {
  it("reads whole days, both inclusive, in the given zone", () => {
    const query = ZAiUsageCostQuerySchema.parse({ startDate: "2026-03-01", endDate: "2026-03-31", timeZone: "Europe/Lisbon" });
    expect(dateRangeToEpochRange({ from: query.startDate, to: query.endDate, timeZone: query.timeZone })).toEqual({
      fromMs: Date.parse("2026-03-01T00:00:00Z"),
      toExclusiveMs: Date.parse("2026-03-31T23:00:00Z"), // Lisbon is UTC+1 from 29 March
    });
  });

  it("refuses an end before the start, on the end field", () => {
    const result = ZAiUsageCostQuerySchema.safeParse({ startDate: "2026-03-31", endDate: "2026-03-01" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["endDate", "endDate must not be before startDate"],
    ]);
  });

  it("accepts instants and refuses local date-times", () => {
    expect(ZAiUsageCostQuerySchema.safeParse({ startDate: "2026-03-01T00:00:00.000Z", endDate: "2026-03-31T23:59:59Z" }).success).toBe(true);
    const result = ZListEventRequestsQuerySchema.safeParse({ start_date_from: "2026-03-01T10:00" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["start_date_from"]);
  });

  it("reports a malformed bound or zone beside a valid one instead of throwing", () => {
    const result = ZListEventRequestsQuerySchema.safeParse({
      start_date_from: "2026-02-30",
      start_date_to: "2026-03-31",
      time_zone: "Nowhere/Land",
    });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["start_date_from", "time_zone"]);
  });

  it("coerces importance_level and defaults role to creator and the page to the first 10", () => {
    expect(ZListEventRequestsQuerySchema.parse({ importance_level: "4" })).toEqual({ role: "creator", importance_level: 4, skip: 0, take: 10 });
  });
});

describe("the validation error body", () => {
  it("keeps our field-naming messages and prefixes zod's own with the path", () => {
    const result = ZChatRequestSchema.safeParse({ messages: [{ role: "user" }], context: { timezone: "Nowhere/Land" } });
    if (result.success) throw new Error("expected a failure");
    expect(validationErrorBody(result.error)).toEqual({
      code: "validation_failed",
      message: "messages.0.content: must be a string; context.timezone must be an IANA time zone such as Europe/Lisbon",
      details: {
        fields: [
          { path: "messages.0.content", message: "messages.0.content: must be a string" },
          { path: "context.timezone", message: "context.timezone must be an IANA time zone such as Europe/Lisbon" },
        ],
      },
    });
  });
});
