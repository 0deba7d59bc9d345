import type { TAiCreditsResponse } from "@amia/contracts";
import { creditBalance, creditPeriodOf, planOf, type CreditPeriod, type CreditsPolicy } from "../domain/credits.ts";
import type { UsageRecordsStore } from "../store/usage-records-store.ts";

/** The recorded cost of one user's month, in US dollars, unrounded. */
export function monthCostUsd(records: UsageRecordsStore, userId: string, period: CreditPeriod): Promise<number> {
  return records.sumCost(userId, { from: period.start, toExclusive: period.endExclusive });
}

/** A user's plan and credits in the month `now` falls in. */
export async function creditsOf(records: UsageRecordsStore, policy: CreditsPolicy, userId: string, now: Date): Promise<TAiCreditsResponse> {
  const period = creditPeriodOf(now);
  const plan = planOf(policy, userId);
  const balance = creditBalance(await monthCostUsd(records, userId, period), policy.creditsPerMonth[plan], policy.creditUsd);
  return { plan, ...balance, period_start: period.start, period_end: period.endExclusive };
}
