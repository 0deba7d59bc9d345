import { Hono } from "hono";
import { ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { CURRENT_PRICE_TABLE } from "./domain/price-table.ts";
import { createUsagePricer } from "./domain/usage-cost.ts";
import { CONSUMED_TOPICS, createUsageRecorder } from "./events/usage-recorder.ts";
import { aiUsageRoutes } from "./routes/ai-usage.ts";
import { createUsageRecordsStore, USAGE_RECORDS_INDEXES } from "./store/usage-records-store.ts";

/**
 * AI usage records and their cost, built from the agent's `ai-usage.recorded` events. It emits
 * nothing, so it has no outbox and no relay.
 */
export const createUsageService: ServiceModuleFactory = async ({ db, bus, logger, auth }) => {
  await ensureIndexes(db, USAGE_RECORDS_INDEXES);
  const store = createUsageRecordsStore(db);
  const price = createUsagePricer(CURRENT_PRICE_TABLE, (model) =>
    logger.warn({ model, price_table_version: CURRENT_PRICE_TABLE.version }, "model missing from the price table; its usage is recorded at cost 0"),
  );
  const recorder = createUsageRecorder({ bus, store, price });

  const routes = new Hono<ServiceEnv>();
  routes.route("/", aiUsageRoutes({ store, auth }));

  return {
    routes,
    start: async () => {
      // The consumer refuses to auto-create topics, and on a fresh cluster the agent may not
      // have published yet: create what we read before joining.
      await bus.ensureTopics(CONSUMED_TOPICS);
      await recorder.start();
    },
    stop: () => recorder.stop(),
  };
};
