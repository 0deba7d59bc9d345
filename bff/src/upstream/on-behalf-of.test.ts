import { describe, expect, it } from "vitest";
import { verifyInternalToken } from "@amia/kit";
import { createTestAuthority } from "@amia/kit/testing";
import { AGENT_ON_BEHALF_OF, ROUTES } from "../routes/catalogue.ts";
import { audienceOf, createUpstreamClient } from "./upstream-client.ts";

const serviceUrls = { identity: "http://identity", relationships: "http://relationships", events: "http://events", notifications: "http://notifications", agent: "http://agent", usage: "http://usage", calendar: "http://calendar", recipes: "http://recipes" };
const user = { id: "u1", email: "ana@example.com", kind: "user" as const };

describe("tokens for the agent, which calls services as the user", () => {
  it("only the agent's routes carry onBehalfOf; chat and smart-fill reach what they read, confirm and undo only what they write", () => {
    const acting = ROUTES.filter((route) => route.onBehalfOf);
    expect(acting.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      "POST /api/v1/agent/commands/chat",
      "POST /api/v1/agent/proposals/:id/confirm",
      "POST /api/v1/agent/proposals/:id/undo",
      "POST /api/v1/event-requests/commands/auto-fill",
    ]);
    for (const route of acting) expect(route.service).toBe("agent");
    expect([...AGENT_ON_BEHALF_OF].sort()).toEqual(["calendar", "events", "notifications", "relationships", "usage"]);
    expect(ROUTES.find((route) => route.path === "/api/v1/agent/proposals/:id/undo")?.onBehalfOf).toEqual(["events"]);
  });

  it("mints one token whose audience lists the agent and those services; each accepts it, others refuse it", async () => {
    const authority = await createTestAuthority();
    const minted: Array<string | string[]> = [];
    let token = "";
    const client = createUpstreamClient({
      serviceUrls,
      timeoutMs: 1000,
      mint: async (principal, audience) => {
        minted.push(audience);
        return authority.mint(principal, audience);
      },
      fetch: (async (_url: string, init: RequestInit) => {
        token = new Headers(init.headers).get("authorization")!.slice("Bearer ".length);
        return Response.json({});
      }) as typeof fetch,
    });

    await client.call({ service: "agent", method: "POST", path: "/api/v1/agent/commands/chat", principal: user, onBehalfOf: AGENT_ON_BEHALF_OF });
    expect(minted).toEqual([["agent", "events", "relationships", "notifications", "calendar", "usage"]]);
    for (const service of ["agent", "events", "relationships", "notifications", "calendar", "usage"]) {
      await expect(verifyInternalToken(token, { keys: authority.keys, audience: service, issuer: authority.issuer })).resolves.toMatchObject({ id: "u1", kind: "user" });
    }
    for (const service of ["identity", "recipes"]) {
      await expect(verifyInternalToken(token, { keys: authority.keys, audience: service, issuer: authority.issuer })).rejects.toThrow();
    }
  });

  it("every other route keeps a single-service audience", () => {
    expect(audienceOf({ service: "events" })).toBe("events");
    expect(audienceOf({ service: "events", onBehalfOf: [] })).toBe("events");
  });
});
