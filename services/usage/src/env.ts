import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The usage service's whole configuration, parsed once at start-up. */
export const ZUsageEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4006),
});

export type TUsageEnv = z.output<typeof ZUsageEnvSchema>;
