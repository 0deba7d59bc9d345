import { z } from "zod";
import { envPort, envPositiveInt, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";
import { DEFAULT_SELF_NOTIFICATIONS_PER_HOUR } from "./domain/self-notification-quota.ts";

/** The notifications service's whole configuration, parsed once at start-up. */
export const ZNotificationsEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4004),
  /** Notifications a person may create for themselves in any hour. */
  NOTIFICATIONS_SELF_PER_HOUR: envPositiveInt.default(DEFAULT_SELF_NOTIFICATIONS_PER_HOUR),
});

export type TNotificationsEnv = z.output<typeof ZNotificationsEnvSchema>;
