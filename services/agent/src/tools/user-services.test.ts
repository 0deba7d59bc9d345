import { describe, expect, it } from "vitest";
import { readOnlyServices, WriteRefusedError, type UserServices } from "./user-services.ts";

const recording = (): UserServices & { calls: string[] } => {
  const calls: string[] = [];
  return { calls, call: async (service, method, path) => (calls.push(`${method} ${service} ${path}`), { status: 200, body: {} }) };
};

describe("a chat turn's calls", () => {
  it("may read, and look up free/busy and availability", async () => {
    const services = recording();
    const reads = readOnlyServices(services);
    await reads.call("events", "GET", "/api/v1/event-requests?role=creator");
    await reads.call("calendar", "POST", "/api/v1/calendar/free-busy", {});
    await reads.call("calendar", "POST", "/api/v1/calendar/availability", {});
    expect(services.calls).toHaveLength(3);
  });

  it("can never write: every other method and POST is refused before it leaves the agent", async () => {
    const services = recording();
    const reads = readOnlyServices(services);
    for (const [service, method, path] of [
      ["events", "POST", "/api/v1/event-requests"],
      ["events", "PATCH", "/api/v1/event-requests/e1"],
      ["events", "DELETE", "/api/v1/event-requests/e1"],
      ["notifications", "POST", "/api/v1/notifications/mark-all-read"],
      ["relationships", "POST", "/api/v1/relationship-requests"],
      ["events", "POST", "/api/v1/calendar/free-busy"],
    ] as const) {
      await expect(reads.call(service, method, path, {})).rejects.toBeInstanceOf(WriteRefusedError);
    }
    expect(services.calls).toEqual([]);
  });
});
