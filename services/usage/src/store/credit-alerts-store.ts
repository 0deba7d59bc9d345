import type { Collection, Db } from "mongodb";
import type { TAiCreditThreshold, TEventOf } from "@amia/contracts";
import { isDuplicateKeyError, type Outbox, type WithOutbox } from "@amia/kit";

/**
 * Storage shape of one announcement that a user's usage reached a threshold of a month's credits
 * (collection `ai_credit_alerts`). The document is the fact "announced"; its outbox carries the
 * `ai-credits.threshold-reached` event, so the fact and the event land in one write.
 */
export interface CreditAlertDocument extends WithOutbox {
  /** `creditAlertId()`: a second announcement of the same threshold hits this key and adds nothing. */
  _id: string;
  user_id: string;
  /** The UTC month, "2026-03". */
  period: string;
  threshold: TAiCreditThreshold;
  /** The budget the threshold was measured against (a plan change mid-month counts anew). */
  credits_per_month: number;
  created_at: string;
}

export const CREDIT_ALERTS_COLLECTION = "ai_credit_alerts";

/**
 * Once per user, month, threshold and budget. Storage value: changing the form would let a
 * threshold already announced this month be announced again.
 */
export function creditAlertId(alert: Pick<CreditAlertDocument, "user_id" | "period" | "threshold" | "credits_per_month">): string {
  return `${alert.user_id}:${alert.period}:${alert.threshold}:${alert.credits_per_month}`;
}

export function createCreditAlertsStore(db: Db, outbox: Outbox) {
  const alerts: Collection<CreditAlertDocument> = db.collection<CreditAlertDocument>(CREDIT_ALERTS_COLLECTION);
  return {
    collection: alerts,

    /** Stores the alert with its event; false when it was announced before (nothing is written). */
    async insertNew(alert: Omit<CreditAlertDocument, "_id" | keyof WithOutbox>, event: TEventOf<"ai-credits.threshold-reached">): Promise<boolean> {
      try {
        await outbox.insert(alerts, { _id: creditAlertId(alert), ...alert }, [event]);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
  };
}

export type CreditAlertsStore = ReturnType<typeof createCreditAlertsStore>;
