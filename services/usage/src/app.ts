import { Hono } from "hono";
import { createOutbox, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { TOPICS } from "@amia/contracts";
import type { CreditsPolicy } from "./domain/credits.ts";
import { CURRENT_PRICE_TABLE } from "./domain/price-table.ts";
import { createUsagePricer } from "./domain/usage-cost.ts";
import { DEFAULT_CREDITS_POLICY } from "./env.ts";
import { createUsageRecorder } from "./events/usage-recorder.ts";
import { aiUsageRoutes } from "./routes/ai-usage.ts";
import { createCreditAlertsStore } from "./store/credit-alerts-store.ts";
import { createUsageRecordsStore, USAGE_RECORDS_INDEXES } from "./store/usage-records-store.ts";

export interface UsageServiceOptions {
  /** What a credit is and each user's plan (env.ts). */
  credits: CreditsPolicy;
  /** Which month "this month" is; tests fix it. */
  now?: () => Date;
}

/**
 * AI usage records and their cost, built from the agent's `ai-usage.recorded` events, and each
 * user's monthly AI credits; emits `ai-credits.threshold-reached` through its outbox.
 */
export function usageServiceWith({ credits, now = () => new Date() }: UsageServiceOptions): ServiceModuleFactory {
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, USAGE_RECORDS_INDEXES);
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const records = createUsageRecordsStore(db);
    const alerts = createCreditAlertsStore(db, outbox);
    const price = createUsagePricer(CURRENT_PRICE_TABLE, (model) =>
      logger.warn({ model, price_table_version: CURRENT_PRICE_TABLE.version }, "model missing from the price table; its usage is recorded at cost 0"),
    );
    const recorder = createUsageRecorder({ bus, price, records, alerts, policy: credits, now });

    const routes = new Hono<ServiceEnv>();
    routes.route("/", aiUsageRoutes({ store: records, auth, credits, now }));

    return {
      routes,
      start: async () => {
        // What we write; the recorder ensures the topic it reads.
        await bus.ensureTopics([TOPICS.aiCredits]);
        outbox.start();
        await recorder.start();
      },
      stop: async () => {
        await recorder.stop();
        await outbox.stop();
      },
    };
  };
}

/** With the default credits (10 on Free, 100 on Pro, nobody on Pro): for tests of other services. */
export const createUsageService: ServiceModuleFactory = usageServiceWith({ credits: DEFAULT_CREDITS_POLICY });
