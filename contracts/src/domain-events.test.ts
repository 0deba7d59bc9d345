import { describe, expect, it } from "vitest";
import { EVENT_DATA_SCHEMAS, EVENT_TOPIC, EVENT_TYPES, TOPICS, ZDomainEventSchema, type TEventOf } from "./index.ts";

function approvedEvent(): TEventOf<"event-request.approved"> {
  return {
    id: "5f0c6a3e-2b7d-4c1e-9a51-3d2f8e6b7a90",
    type: "event-request.approved",
    version: 1,
    occurred_at: "2026-03-11T10:00:00.000Z",
    producer: "events",
    subject: "er-1",
    actor_id: "u-reviewer",
    data: {
      event_request_id: "er-1",
      request_version: 2,
      created_by: "u-creator",
      title: "Lunch with Sarah",
      description: null,
      location: "Joe's Pizza",
      notes: null,
      start_date: { date_time: "2026-03-12T12:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-12T12:15", time_zone: "Europe/Lisbon" },
      importance_level: 1,
      status: "approved",
      approval_status: "approved",
      google_event_id: null,
      reason: "all_required_approved",
    },
  };
}

describe("a Kafka message against the catalogue", () => {
  it("parses a valid envelope into its typed event", () => {
    const parsed = ZDomainEventSchema.parse(approvedEvent());
    expect(parsed.type).toBe("event-request.approved");
    if (parsed.type !== "event-request.approved") throw new Error("narrowing");
    expect(parsed.data.reason).toBe("all_required_approved");
    expect(parsed.data.start_date).toEqual({ date_time: "2026-03-12T12:00", time_zone: "Europe/Lisbon" });
  });

  it("rejects an unknown type at `type`", () => {
    const result = ZDomainEventSchema.safeParse({ ...approvedEvent(), type: "event-request.exploded" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["type"]);
  });

  it("rejects a version it does not know", () => {
    const result = ZDomainEventSchema.safeParse({ ...approvedEvent(), version: 2 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["version"]);
  });

  it("rejects a payload missing a field, naming it", () => {
    const event = approvedEvent();
    const { created_by: _dropped, ...data } = event.data;
    const result = ZDomainEventSchema.safeParse({ ...event, data });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["data.created_by"]);
  });

  it("keeps working when a newer producer adds a field", () => {
    const event = approvedEvent();
    const parsed = ZDomainEventSchema.parse({ ...event, data: { ...event.data, colour: "blue" } });
    expect(parsed.data).not.toHaveProperty("colour");
  });

  it("rejects an envelope without an id", () => {
    const { id: _dropped, ...withoutId } = approvedEvent();
    const result = ZDomainEventSchema.safeParse(withoutId);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["id"]);
  });
});

describe("the catalogue tables", () => {
  it("gives every event type a topic among TOPICS and a payload schema", () => {
    const topics = new Set<string>(Object.values(TOPICS));
    expect(EVENT_TYPES).toHaveLength(ZDomainEventSchema.options.length);
    for (const type of EVENT_TYPES) {
      expect(topics.has(EVENT_TOPIC[type]), type).toBe(true);
      expect(EVENT_DATA_SCHEMAS[type], type).toBeDefined();
    }
  });

  it("lets a producer check a payload before it writes it", () => {
    const result = EVENT_DATA_SCHEMAS["calendar.sync-failed"].safeParse({
      event_request_id: "er-1",
      user_id: "u-creator",
      operation: "create",
      reason: "reconnect_required",
      detail: "invalid_grant",
      attempts: 1,
    });
    expect(result.success).toBe(true);
    expect(EVENT_DATA_SCHEMAS["ai-usage.recorded"].safeParse({ user_id: "u" }).success).toBe(false);
  });
});
