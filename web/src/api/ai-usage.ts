import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TAiCreditsResponse, TAiUsageCostResponse, TListAiUsageResponse } from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** One month's records, paged (the AI Usage tab). */
export function useAiUsageRecords(range: DateRange, page: { skip: number; take: number }) {
  const query = { ...range, ...page };
  return useQuery({
    queryKey: keys.aiUsageRecords(query),
    queryFn: ({ signal }) => api<TListAiUsageResponse>("/api/v1/ai-usage/by-date-range", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The cost of a range; a failed load reads as zero (SPEC.md section 8, "AI usage"). */
export function useAiUsageCost(range: DateRange) {
  return useQuery({
    queryKey: keys.aiUsageCost(range),
    queryFn: async ({ signal }) => {
      try {
        return (await api<TAiUsageCostResponse>("/api/v1/ai-usage/cost", { query: { ...range }, signal })).cost;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        return 0;
      }
    },
  });
}

/** Under `keys.aiUsage`, so what refreshes usage after a chat refreshes the credits too. */
export const aiCreditsKey = [...keys.aiUsage, "credits"] as const;

/** The signed-in user's AI credits this month (a UTC month): plan, used, left, over budget. */
export function useAiCredits() {
  return useQuery({
    queryKey: aiCreditsKey,
    queryFn: ({ signal }) => api<TAiCreditsResponse>("/api/v1/ai-usage/credits", { signal }),
  });
}
