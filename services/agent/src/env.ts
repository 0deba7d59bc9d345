import { z } from "zod";
import { envPort, serviceEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The agent service's whole configuration, parsed once at start-up. */
export const ZAgentEnvSchema = z.object({
  ...serviceEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4005),
});

export type TAgentEnv = z.output<typeof ZAgentEnvSchema>;
