import { z } from "zod";
import { envPort, envPositiveInt, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";
import { DEFAULT_MAX_RECIPES_PER_USER } from "./domain/recipe-quota.ts";

/** The recipes service's whole configuration, parsed once at start-up. */
export const ZRecipesEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4008),
  /** The most recipes one person may keep. */
  RECIPES_PER_USER: envPositiveInt.default(DEFAULT_MAX_RECIPES_PER_USER),
});

export type TRecipesEnv = z.output<typeof ZRecipesEnvSchema>;
