import { AI_CREDIT_THRESHOLDS, type TAiCreditThreshold, type TAiPlan } from "@amia/contracts";

/*
 * AI credits (issue 10, point 8): each user has a monthly budget of credits by plan; a credit
 * stands for a fixed model cost, so a month's credits used are the month's recorded cost divided
 * by it. The month is the UTC calendar month: one boundary for everyone, the same instant the
 * agent's check and the notifications see (docs/decisions.md "AI credits").
 */

export interface CreditsPolicy {
  /** US dollars of model cost one credit stands for. */
  creditUsd: number;
  creditsPerMonth: Readonly<Record<TAiPlan, number>>;
  /** Users on Pro; everyone else is on Free. */
  proUserIds: ReadonlySet<string>;
}

export function planOf(policy: CreditsPolicy, userId: string): TAiPlan {
  return policy.proUserIds.has(userId) ? "pro" : "free";
}

export interface CreditPeriod {
  /** "2026-03": the month's name in events and storage. */
  key: string;
  /** The month's first instant, ISO 8601 UTC with milliseconds (as records' `created_at`). */
  start: string;
  /** The next month's first instant: the range is half-open, and the credits renew then. */
  endExclusive: string;
}

/** The UTC calendar month an instant falls in. */
export function creditPeriodOf(instant: Date): CreditPeriod {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth();
  return {
    key: `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}`,
    start: new Date(Date.UTC(year, month, 1)).toISOString(),
    endExclusive: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
  };
}

/**
 * Credits are counted in hundredths: fine enough that one small answer shows (0.9 of a credit),
 * coarse enough that the numbers shown add up exactly and float noise never decides a budget.
 * Every comparison below is on these integers.
 */
const HUNDREDTHS = 100;

function hundredthsOfCost(costUsd: number, creditUsd: number): number {
  return Math.round((costUsd / creditUsd) * HUNDREDTHS);
}

export interface CreditBalance {
  credits_per_month: number;
  credits_used: number;
  credits_left: number;
  /** Nothing left: no model call until the month ends. */
  is_over_budget: boolean;
}

/** A month's credits from its recorded cost. */
export function creditBalance(costUsd: number, creditsPerMonth: number, creditUsd: number): CreditBalance {
  const used = hundredthsOfCost(costUsd, creditUsd);
  const left = Math.max(0, creditsPerMonth * HUNDREDTHS - used);
  return { credits_per_month: creditsPerMonth, credits_used: used / HUNDREDTHS, credits_left: left / HUNDREDTHS, is_over_budget: left === 0 };
}

/** Whether a new model call is allowed: some credit is left this month. */
export function canCallModel(balance: CreditBalance): boolean {
  return !balance.is_over_budget;
}

/**
 * The thresholds (shares of the month's credits) a newly recorded cost crosses: those the month's
 * cost before it had not reached and the cost with it has. Reaching 100% exactly counts (nothing
 * is left then). A plan with no credits crosses nothing: it was over budget from the start.
 */
export function thresholdsCrossed(
  cost: { beforeUsd: number; afterUsd: number },
  creditsPerMonth: number,
  creditUsd: number,
): TAiCreditThreshold[] {
  const before = hundredthsOfCost(cost.beforeUsd, creditUsd);
  const after = hundredthsOfCost(cost.afterUsd, creditUsd);
  // `threshold` percent of the month's credits, in hundredths of a credit.
  const reached = (used: number, threshold: number) => used >= threshold * creditsPerMonth;
  return AI_CREDIT_THRESHOLDS.filter((threshold) => !reached(before, threshold) && reached(after, threshold));
}
