import { describe, expect, it } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import type { TListAiUsageResponse, TListRelationshipRequestsResponse, TListRelationshipsResponse } from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { currentMonth, monthRange } from "../../lib/month.ts";
import { aSessionUser } from "../../testing/fixtures.ts";
import { renderPage, type Seed } from "../../testing/render-page.tsx";
import { ProfilePage } from "./ProfilePage.tsx";

/* Server-rendered smoke tests: the page reads cached queries only (no fetch happens on the server). */

const user = aSessionUser();

const render = (url: string, seed?: Seed): string => renderPage(<ProfilePage />, { path: url, seed });

const signedIn = (client: QueryClient) => client.setQueryData(keys.session, user);

describe("ProfilePage", () => {
  it("asks a signed-out user to log in", () => {
    const html = render("/profile", (client) => client.setQueryData(keys.session, null));
    expect(html).toContain("Not authenticated");
    expect(html).toContain("Please log in to view your profile.");
  });

  it("shows the Account tab by default, and for an unknown tab", () => {
    for (const url of ["/profile", "/profile?tab=nope"]) {
      const html = render(url, signedIn);
      expect(html).toContain("Your account information and settings");
      expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Account</);
      expect(html).toContain("Ada Lovelace");
      expect(html).toContain("Last Sign In");
      expect(html).toContain("Unknown");
      expect(html).toContain(">No<");
    }
  });

  it("shows the settings form on the Settings tab, loading at first", () => {
    expect(render("/profile?tab=settings", signedIn)).toContain('aria-label="Loading settings"');
  });

  it("lists relationships and requests", () => {
    const html = render("/profile?tab=relationships", (client) => {
      signedIn(client);
      const relationships: TListRelationshipsResponse = {
        relationships: [{ id: "r1", created_at: "2026-03-11T12:00:00.000Z", other_user: { id: "u2", full_name: "Grace Hopper", email: "grace@example.com" } }],
        skip: 0,
        take: 10,
        total_count: 1,
      };
      client.setQueryData(keys.relationshipList({ skip: 0, take: 10 }), relationships);
      const received: TListRelationshipRequestsResponse = {
        relationship_requests: [
          { id: "q1", created_at: "2026-03-12T12:00:00.000Z", status: "pending", requested_email: "ada@example.com", requester: { id: "u3", full_name: "Alan Turing", email: "alan@example.com" } },
        ],
        skip: 0,
        take: 10,
        total_count: 1,
      };
      const firstPending = { status: "pending", skip: 0, take: 10 };
      client.setQueryData(keys.relationshipRequestList("received", firstPending), received);
      client.setQueryData(keys.relationshipRequestList("sent", firstPending), { relationship_requests: [], skip: 0, take: 10, total_count: 0 });
    });
    expect(html).toContain("Grace Hopper");
    expect(html).toContain("Connected since Mar 11, 2026");
    expect(html).toContain("Alan Turing");
    expect(html).toContain("Received on Mar 12, 2026");
    expect(html).toContain(">Accept<");
    expect(html).toContain(">Decline<");
    expect(html).toContain("No pending requests.");
    expect(html).toContain('placeholder="Enter email address"');
    expect(html).toContain("Send Request");
  });

  it("shows the AI usage month, cost, notice and records", () => {
    const now = currentMonth(new Date());
    const range = monthRange(now.year, now.monthIndex);
    const html = render("/profile?tab=ai-usage", (client) => {
      signedIn(client);
      client.setQueryData(keys.aiUsageCost(range), 0.12345);
      const records: TListAiUsageResponse = {
        ai_usage_records: [
          {
            id: "a1",
            created_at: "2026-03-11T12:00:00.000Z",
            cost: 0.00123,
            usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, model: "gpt-test" },
            metadata: { model: "gpt-test" },
          },
        ],
        skip: 0,
        take: 10,
        total_count: 11,
      };
      client.setQueryData(keys.aiUsageRecords({ ...range, skip: 0, take: 10 }), records);
    });
    expect(html).toContain(now.label);
    expect(html).toContain("$0.1235");
    expect(html).toContain("AI pricing data is privileged data, this will be removed in future releases.");
    expect(html).toContain("gpt-test");
    expect(html).toContain("1,500");
    expect(html).toContain("$0.0012");
    expect(html).toContain("Page 1 of 2");
  });

  it("shows $-.---- while the cost loads and the empty state with no records", () => {
    const now = currentMonth(new Date());
    const range = monthRange(now.year, now.monthIndex);
    const html = render("/profile?tab=ai-usage", (client) => {
      signedIn(client);
      client.setQueryData(keys.aiUsageRecords({ ...range, skip: 0, take: 10 }), { ai_usage_records: [], skip: 0, take: 10, total_count: 0 });
    });
    expect(html).toContain("$-.----");
    expect(html).toContain("No AI usage records found.");
    expect(html).toContain("Your AI usage will appear here once you start using Amia.");
  });
});
