import { describe, expect, it } from "vitest";
import { bffConfig, parseBffEnv } from "../env.ts";
import { rateLimitRules } from "../routes/api.ts";
import { ROUTES } from "../routes/catalogue.ts";
import { isWrite, STRICTER_CLASS_BY_ROUTE } from "./rate-limit.ts";

const config = bffConfig(parseBffEnv({ NODE_ENV: "test", RATE_LIMIT_WRITES_PER_MINUTE: "7", RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: "3" }));
const rulesOf = rateLimitRules(config);
const route = (method: string, path: string) => {
  const found = ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

describe("rate-limit classes of the catalogue's routes", () => {
  it("names only routes the catalogue has, so a renamed route cannot lose its stricter class", () => {
    for (const key of Object.keys(STRICTER_CLASS_BY_ROUTE)) {
      const [method, path] = key.split(" ") as [string, string];
      expect(route(method, path)).toBeDefined();
    }
  });

  it("counts every route that changes something against the write limit, and no read or chat turn", () => {
    for (const spec of ROUTES) {
      const names = rulesOf(spec).map((rule) => rule.name);
      const changes = isWrite(spec.method) && spec.rateLimit !== "chat";
      expect([spec.method, spec.path, names.includes("writes:user")]).toEqual([spec.method, spec.path, changes]);
    }
    expect(rulesOf(route("GET", "/api/v1/relationship-requests/sent"))).toEqual([]);
  });

  it("holds relationship requests, by either route, to their hourly limit besides the write limit", () => {
    for (const spec of [route("POST", "/api/v1/relationship-requests"), route("POST", "/api/v1/relationships")]) {
      expect(rulesOf(spec).map(({ name, limit, windowMs, wireName }) => ({ name, limit, windowMs, wireName }))).toEqual([
        { name: "writes:user", limit: 7, windowMs: 60_000, wireName: "writes" },
        { name: "relationship-requests:user", limit: 3, windowMs: 3_600_000, wireName: "relationship_requests" },
      ]);
    }
    expect(rulesOf(route("DELETE", "/api/v1/relationship-requests/:id")).map((rule) => rule.name)).toEqual(["writes:user"]);
  });

  it("keeps chat's own limits, per user and per IP, and does not count a turn as a change", () => {
    expect(rulesOf(route("POST", "/api/v1/agent/commands/chat")).map((rule) => rule.name)).toEqual(["chat:user", "chat:ip"]);
  });
});
