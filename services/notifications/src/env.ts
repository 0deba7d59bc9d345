import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The notifications service's whole configuration, parsed once at start-up. */
export const ZNotificationsEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4004),
});

export type TNotificationsEnv = z.output<typeof ZNotificationsEnvSchema>;
