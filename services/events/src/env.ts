import { z } from "zod";
import { envPort, envPositiveInt, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";
import { DEFAULT_MAX_OPEN_REQUESTS_PER_USER } from "./domain/open-requests-quota.ts";

/** The events service's whole configuration, parsed once at start-up. */
export const ZEventsEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4003),
  /** The most event requests one person may have waiting for answers at once. */
  EVENT_REQUESTS_OPEN_PER_USER: envPositiveInt.default(DEFAULT_MAX_OPEN_REQUESTS_PER_USER),
});

export type TEventsEnv = z.output<typeof ZEventsEnvSchema>;
