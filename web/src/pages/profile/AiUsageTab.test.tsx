import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { TAiCreditsResponse } from "@amia/contracts";
import { aiCreditsKey } from "../../api/ai-usage.ts";
import { AiCreditsLine } from "../../components/AiCreditsLine.tsx";
import { AiUsageTab } from "./AiUsageTab.tsx";

/* Server-rendered: the components read cached queries only (nothing is fetched on the server). */

const credits: TAiCreditsResponse = {
  plan: "free",
  credits_per_month: 10,
  credits_used: 3,
  credits_left: 7,
  period_start: "2026-03-01T00:00:00.000Z",
  period_end: "2026-04-01T00:00:00.000Z",
  is_over_budget: false,
};

function render(ui: React.ReactElement, seed: (client: QueryClient) => void = () => undefined): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } } });
  seed(client);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The state a query is in after its fetch failed. */
const failed = (client: QueryClient) =>
  client.getQueryCache().build(client, { queryKey: aiCreditsKey }).setState({ status: "error", error: new Error("boom"), fetchStatus: "idle" });

describe("AI credits on the AI Usage tab", () => {
  it("shows credits used and left this month, the plan and when they renew", () => {
    const html = render(<AiUsageTab />, (client) => client.setQueryData(aiCreditsKey, credits));
    expect(html).toContain("AI Credits");
    expect(html).toContain("3 of 10 AI credits used · 7 left");
    expect(html).toContain("Free plan · 10 credits a month · renews Apr 1, 2026");
    expect(html).not.toContain("works offline");
  });

  it("tells an over-budget user the assistant works offline until the credits renew", () => {
    const over = { ...credits, plan: "pro" as const, credits_per_month: 100, credits_used: 100.5, credits_left: 0, is_over_budget: true };
    const html = render(<AiUsageTab />, (client) => client.setQueryData(aiCreditsKey, over));
    expect(html).toContain("100.5 of 100 AI credits used · 0 left");
    expect(html).toContain("Pro plan · 100 credits a month");
    expect(html).toContain("You have used all your AI credits this month. The assistant works offline until Apr 1, 2026.");
  });

  it("shows a placeholder while loading, and an error with Try Again when they cannot be read", () => {
    expect(render(<AiUsageTab />)).not.toContain("AI credits used");
    const html = render(<AiUsageTab />, failed);
    expect(html).toContain("Error: Request failed. Please try again.");
    expect(html).toContain("Try Again");
  });
});

describe("AI credits in the chat sidebar", () => {
  it("reads in one line, and says so while loading or when unavailable", () => {
    expect(render(<AiCreditsLine />, (client) => client.setQueryData(aiCreditsKey, credits))).toContain("3 of 10 AI credits used · 7 left");
    expect(render(<AiCreditsLine />)).toContain("Loading AI credits…");
    expect(render(<AiCreditsLine />, failed)).toContain("AI credits unavailable");
  });
});
