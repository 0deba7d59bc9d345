import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The identity service's whole configuration, parsed once at start-up. */
export const ZIdentityEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4001),
});

export type TIdentityEnv = z.output<typeof ZIdentityEnvSchema>;
