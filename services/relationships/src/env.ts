import { z } from "zod";
import { envPort, envPositiveInt, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";
import { DEFAULT_REQUEST_QUOTAS } from "./domain/request-quotas.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The relationships service's whole configuration, parsed once at start-up. */
export const ZRelationshipsEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4002),
  /** Requests from one person to one email in any 24 hours, withdrawn ones included. */
  RELATIONSHIP_REQUESTS_TO_PERSON_PER_DAY: envPositiveInt.default(DEFAULT_REQUEST_QUOTAS.requestsToPersonPerDay),
  /** Days after a decline before the same person may ask again. */
  RELATIONSHIP_REQUEST_COOLDOWN_AFTER_DECLINE_DAYS: envPositiveInt.default(DEFAULT_REQUEST_QUOTAS.cooldownAfterDeclineMs / DAY_MS),
});

export type TRelationshipsEnv = z.output<typeof ZRelationshipsEnvSchema>;

/** The service's quotas from its environment. */
export function requestQuotasOf(env: TRelationshipsEnv) {
  return {
    requestsToPersonPerDay: env.RELATIONSHIP_REQUESTS_TO_PERSON_PER_DAY,
    cooldownAfterDeclineMs: env.RELATIONSHIP_REQUEST_COOLDOWN_AFTER_DECLINE_DAYS * DAY_MS,
  };
}
