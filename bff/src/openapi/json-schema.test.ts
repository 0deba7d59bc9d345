import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as C from "@amia/contracts";
import { canonicalJson, DATE_TIME_PATTERN, DAY_PATTERN, OFFSET_DATE_TIME_PATTERN, SchemaComponents, toJsonSchema } from "./json-schema.ts";

describe("zod → JSON Schema for the OpenAPI document", () => {
  it("documents a query boolean by its words, and its default as a word", () => {
    const schema = z.object({ is_read: C.queryBoolean("is_read").optional(), is_deleted: C.queryBoolean("is_deleted").default(false) });

    expect(toJsonSchema(schema, "input")).toEqual({
      type: "object",
      properties: {
        is_read: { type: "string", enum: ["true", "false"] },
        is_deleted: { type: "string", enum: ["true", "false"], default: "false" },
      },
    });
    expect(toJsonSchema(schema, "output").properties).toMatchObject({ is_read: { type: "boolean" }, is_deleted: { type: "boolean" } });
  });

  it("says when a stringbool ignores case", () => {
    expect(toJsonSchema(z.stringbool({ truthy: ["yes"], falsy: ["no"] }), "input")).toEqual({
      type: "string",
      enum: ["yes", "no"],
      description: "Case-insensitive.",
    });
  });

  it("documents a preprocessed query integer by its inner number, with its default and the largest the server takes", () => {
    const take = toJsonSchema(C.paginationQuery(50), "input").properties as Record<string, unknown>;

    expect(take.take).toEqual({ type: "integer", minimum: 0, maximum: C.MAX_TAKE, default: 50 });
    expect(take.skip).toEqual({ type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 });
  });

  it("writes the date forms with every field in range, a day its month has", () => {
    const day = new RegExp(DAY_PATTERN);
    const dateTime = new RegExp(DATE_TIME_PATTERN);
    const instant = new RegExp(OFFSET_DATE_TIME_PATTERN);
    for (const ok of ["2026-01-31", "2026-04-30", "2024-02-29", "0001-01-01"]) expect(day.test(ok), ok).toBe(true);
    for (const bad of ["2026-04-31", "2026-02-30", "2026-13-01", "0000-01-01", "2026-1-01"]) expect(day.test(bad), bad).toBe(false);
    for (const ok of ["2026-03-11T23:59", "2026-03-11T00:00:59.123456789", "2026-03-11T12:00+05:30", "2026-03-11T12:00:00-0800", "2026-03-11T12:00Z"]) {
      expect(dateTime.test(ok), ok).toBe(true);
      expect(C.isDateTime(ok), ok).toBe(true);
    }
    for (const bad of ["2026-03-11T24:00", "2026-03-11T12:60", "2026-09-31T12:00", "2026-03-11T12:00+24:00", "2026-03-11 12:00"]) {
      expect(dateTime.test(bad), bad).toBe(false);
      expect(C.isDateTime(bad), bad).toBe(false);
    }
    expect(instant.test("2026-03-11T12:00")).toBe(false);
    expect(instant.test("2026-03-11T12:00Z")).toBe(true);
  });

  it("lists the time zones by the names the server stores, and says that other spellings pass", () => {
    const zone = toJsonSchema(C.timeZoneSchema("time_zone"), "input");

    expect(zone.enum).toEqual(expect.arrayContaining(["Europe/Lisbon", "America/New_York", "UTC"]));
    expect(zone.enum).not.toContain("us/pacific");
    for (const name of zone.enum as string[]) expect(C.canonicalTimeZone(name), name).toBe(name);
    expect(zone.description).toMatch(/alias/);
  });

  it("says that a trimmed text must not be blank, asking the schema itself", () => {
    expect(toJsonSchema(z.string().trim().min(1), "input")).toMatchObject({ type: "string", minLength: 1, pattern: "\\S" });
    expect(toJsonSchema(z.string().min(1), "input")).not.toHaveProperty("pattern");
    expect(toJsonSchema(z.string().trim().min(1).regex(/^a+$/), "input").pattern).toBe("^a+$");
  });

  it("says 'at least one field' as minProperties, asking the schema itself", () => {
    expect(toJsonSchema(z.object({ a: z.string().optional() }).refine((body) => Object.keys(body).length > 0), "input").minProperties).toBe(1);
    expect(toJsonSchema(z.object({ a: z.string().optional() }), "input").minProperties).toBeUndefined();
    expect(toJsonSchema(z.object({ a: z.string() }), "input").minProperties).toBeUndefined();
  });

  it("keeps a default zod drops over a transform when it is also a valid input", () => {
    const body = toJsonSchema(C.ZCreateRecipeBodySchema, "input").properties as Record<string, { default?: unknown }>;

    expect(body.description?.default).toBeNull();
    expect(body.ingredients?.default).toEqual([]);
  });

  it("does not throw on what JSON Schema cannot say", () => {
    const schema = z.object({
      length: z.string().transform((text) => text.length),
      anything: z.custom<string>((value) => typeof value === "string"),
      when: z.date(),
    });

    expect(toJsonSchema(schema, "output").properties).toEqual({ length: {}, anything: {}, when: { type: "string", format: "date-time" } });
    expect(toJsonSchema(schema, "input").properties).toMatchObject({ length: { type: "string" } });
  });

  it("turns the contracts' named refinements into formats and descriptions", () => {
    const query = toJsonSchema(C.ZAiUsageCostQuerySchema, "input").properties as Record<string, Record<string, unknown>>;

    expect(query.startDate).toMatchObject({ type: "string", examples: ["2026-03-01", "2026-03-01T09:00:00Z"] });
    expect(query.timeZone).toMatchObject({ type: "string", description: expect.stringContaining("IANA") });
    expect(toJsonSchema(C.ZCreateRelationshipBodySchema, "input").properties).toEqual({
      requested_email: { type: "string", format: "email", description: "Trimmed and lower-cased before it is checked." },
    });
  });

  it("documents an event date with its date forms and exactly one of date / date_time", () => {
    const eventDate = toJsonSchema(C.eventDateSchema("start_date"), "input");

    expect(eventDate).toMatchObject({
      type: "object",
      required: ["time_zone"],
      oneOf: [{ required: ["date"] }, { required: ["date_time"] }],
      properties: { date: { type: "string", format: "date" }, date_time: { type: "string", pattern: expect.any(String) }, time_zone: { type: "string" } },
    });
    const pattern = new RegExp((eventDate.properties as Record<string, { pattern: string }>).date_time?.pattern ?? "^$");
    for (const ok of ["2026-03-11T12:00", "2026-03-11T12:00:30.5", "2026-03-11T12:00:00Z", "2026-03-11T12:00+05:30"]) expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ["2026-03-11", "2026-03-11 12:00", "12:00"]) expect(pattern.test(bad), bad).toBe(false);
  });

  it("drops zod's noise: safe-integer bounds, the regex beside date-time, $schema", () => {
    const json = toJsonSchema(z.object({ n: z.number().int(), at: C.ZTimestampSchema }), "output");

    expect(json).toEqual({ type: "object", properties: { n: { type: "integer" }, at: { type: "string", format: "date-time" } }, required: ["n", "at"] });
  });

  it("leaves responses open to new fields but keeps strict request objects closed", () => {
    expect(toJsonSchema(C.ZNotificationSchema, "output")).not.toHaveProperty("additionalProperties");
    expect(toJsonSchema(C.ZUpdateNotificationBodySchema, "input")).toHaveProperty("additionalProperties", false);
    expect(toJsonSchema(z.strictObject({ a: z.string() }), "output")).toHaveProperty("additionalProperties", false);
  });
});

describe("schema components", () => {
  it("replace every subtree equal to a component with a reference, components inside components too", () => {
    const components = new SchemaComponents();
    components.add("EventDate", C.ZStartDateSchema, "output");
    components.add("EventRequest", C.ZEventRequestSchema, "output");
    components.seal();

    const body = components.intern(toJsonSchema(C.ZSmartParseRequestSchema, "input"));
    const response = components.intern(toJsonSchema(C.ZEventRequestResponseSchema, "output"));
    const entries = Object.fromEntries(components.entries());

    expect(body.properties).toMatchObject({ start_date: { $ref: "#/components/schemas/EventDate" }, end_date: { $ref: "#/components/schemas/EventDate" } });
    expect(response).toEqual({
      type: "object",
      properties: { event_request: { $ref: "#/components/schemas/EventRequest" } },
      required: ["event_request"],
    });
    expect(entries.EventRequest?.properties).toMatchObject({ start_date: { $ref: "#/components/schemas/EventDate" } });
    expect(components.intern(toJsonSchema(C.ZEndDateSchema, "output"))).toEqual({ $ref: "#/components/schemas/EventDate" });
  });

  it("never turn examples or defaults into references", () => {
    const components = new SchemaComponents();
    components.add("Word", z.string(), "output");
    components.seal();

    expect(components.intern({ type: "object", properties: { a: { type: "string" } }, examples: [{ type: "string" }] })).toEqual({
      type: "object",
      properties: { a: { $ref: "#/components/schemas/Word" } },
      examples: [{ type: "string" }],
    });
  });

  it("compare schemas whatever the order of their keys", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: [1, { e: 2, f: 1 }] }, b: 1 }));
  });
});
