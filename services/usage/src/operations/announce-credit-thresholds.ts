import { creditsThresholdReached } from "../events/ai-credits-events.ts";
import { creditBalance, creditPeriodOf, planOf, thresholdsCrossed, type CreditsPolicy } from "../domain/credits.ts";
import type { CreditAlertsStore } from "../store/credit-alerts-store.ts";
import type { UsageRecordDocument, UsageRecordsStore } from "../store/usage-records-store.ts";
import { monthCostUsd } from "./credits-of.ts";

export interface AnnounceDeps {
  records: UsageRecordsStore;
  alerts: CreditAlertsStore;
  policy: CreditsPolicy;
  now: () => Date;
}

/**
 * After a record is stored: the thresholds of its month's credits it crossed, each announced as
 * `ai-credits.threshold-reached`; returns how many are new. Safe to run again for the same
 * record (a redelivered usage event, or a retry after a crash between the record and this): the
 * month's cost already holds the record, so the same thresholds come out, and each alert's id
 * finds the one stored before.
 */
export async function announceCreditThresholds({ records, alerts, policy, now }: AnnounceDeps, record: UsageRecordDocument): Promise<number> {
  if (record.cost === 0) return 0;
  const period = creditPeriodOf(new Date(record.created_at));
  // A late record of a month that is over warns of nothing: those credits have renewed.
  if (period.key !== creditPeriodOf(now()).key) return 0;

  const plan = planOf(policy, record.user_id);
  const creditsPerMonth = policy.creditsPerMonth[plan];
  const afterUsd = await monthCostUsd(records, record.user_id, period);
  const thresholds = thresholdsCrossed({ beforeUsd: afterUsd - record.cost, afterUsd }, creditsPerMonth, policy.creditUsd);
  const { credits_used } = creditBalance(afterUsd, creditsPerMonth, policy.creditUsd);

  let announced = 0;
  for (const threshold of thresholds) {
    const event = creditsThresholdReached({
      user_id: record.user_id,
      period: period.key,
      period_end: period.endExclusive,
      threshold,
      plan,
      credits_used,
      credits_per_month: creditsPerMonth,
    });
    const alert = { user_id: record.user_id, period: period.key, threshold, credits_per_month: creditsPerMonth, created_at: event.occurred_at };
    if (await alerts.insertNew(alert, event)) announced++;
  }
  return announced;
}
