import type { TAiCreditsResponse, TAiPlan } from "@amia/contracts";
import { formatShortDate } from "./format.ts";

/*
 * How a month's AI credits read (issue 10, point 8). Credits come from the server to a hundredth
 * (docs/decisions.md "AI credits"); they are shown as they are, so used + left always add up.
 */

const CREDITS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "3", "2.5", "0.75", "1,000". */
export function formatCredits(credits: number): string {
  return CREDITS.format(credits);
}

/** "3 of 10 AI credits used · 7 left". */
export function creditsSummary(credits: Pick<TAiCreditsResponse, "credits_used" | "credits_per_month" | "credits_left">): string {
  return `${formatCredits(credits.credits_used)} of ${formatCredits(credits.credits_per_month)} AI credits used · ${formatCredits(credits.credits_left)} left`;
}

export const PLAN_LABELS: Readonly<Record<TAiPlan, string>> = { free: "Free", pro: "Pro" };

/**
 * The day the credits renew: the month is a UTC month, so the day is named in UTC (what the
 * notification says too), not shifted to the evening before in the Americas.
 */
export function renewalDay(credits: Pick<TAiCreditsResponse, "period_end">): string {
  return formatShortDate(credits.period_end, "UTC");
}

/** What an over-budget user is told; null while credits are left. */
export function overBudgetMessage(credits: Pick<TAiCreditsResponse, "is_over_budget" | "period_end">): string | null {
  if (!credits.is_over_budget) return null;
  return `You have used all your AI credits this month. The assistant works offline until ${renewalDay(credits)}.`;
}
