import { ZAiCreditsResponseSchema } from "@amia/contracts";
import type { UserServices } from "../tools/user-services.ts";

/*
 * The AI credit budget, asked of the usage service (which owns it) before every model call
 * (issue 10, "AI credits"). Over budget — or the budget cannot be read — the assistant answers
 * offline, which costs nothing, and says why.
 */

export type CreditsVerdict = { kind: "allowed" } | { kind: "over_budget"; creditsPerMonth: number; periodEnd: string | null } | { kind: "unknown" };

export interface CreditsChecker {
  check: (userId: string, reads: UserServices) => Promise<CreditsVerdict>;
}

/**
 * Remembers an "allowed" answer per user for `allowedForMs`, so a conversation's turns do not
 * each wait on the usage service before the first token: the budget is then enforced to within
 * that window (a user may finish a burst of turns begun just before running out). Over-budget
 * and unknown answers are never remembered.
 */
export function createCreditsChecker(options: { allowedForMs: number; nowMs: () => number; maxUsers?: number }): CreditsChecker {
  const allowedUntil = new Map<string, number>();
  const maxUsers = options.maxUsers ?? 10_000;
  return {
    async check(userId, reads) {
      const now = options.nowMs();
      if ((allowedUntil.get(userId) ?? 0) > now) return { kind: "allowed" };
      const verdict = await checkCredits(reads);
      if (verdict.kind === "allowed") {
        if (allowedUntil.size >= maxUsers) allowedUntil.clear();
        allowedUntil.set(userId, now + options.allowedForMs);
      } else allowedUntil.delete(userId);
      return verdict;
    },
  };
}

export async function checkCredits(reads: UserServices): Promise<CreditsVerdict> {
  try {
    const { status, body } = await reads.call("usage", "GET", "/api/v1/ai-usage/credits");
    const credits = ZAiCreditsResponseSchema.safeParse(body);
    if (status !== 200 || !credits.success) return { kind: "unknown" };
    const { is_over_budget, credits_per_month, period_end } = credits.data;
    return is_over_budget ? { kind: "over_budget", creditsPerMonth: credits_per_month, periodEnd: period_end } : { kind: "allowed" };
  } catch {
    return { kind: "unknown" };
  }
}

/** What the chat says before an offline answer it gives instead of the model's. */
export function offlineBecause(verdict: Exclude<CreditsVerdict, { kind: "allowed" }>): string {
  if (verdict.kind === "unknown") return "_I couldn't check your AI credits just now, so this answer comes from the offline assistant (no credits used)._\n\n";
  const until = verdict.periodEnd ? ` until ${new Date(verdict.periodEnd).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" })}` : "";
  return `_You've used all ${verdict.creditsPerMonth} of this month's AI credits, so I'm answering with the offline assistant${until} (it costs nothing). Upgrade on the Pricing page for more._\n\n`;
}
