import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The recipes service's whole configuration, parsed once at start-up. */
export const ZRecipesEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4008),
});

export type TRecipesEnv = z.output<typeof ZRecipesEnvSchema>;
