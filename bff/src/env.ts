import { z } from "zod";
import { envPort, redisEnvShape, serviceEnvShape } from "@amia/kit";

/** The BFF's whole configuration, parsed once at start-up. */
export const ZBffEnvSchema = z.object({
  ...serviceEnvShape,
  ...redisEnvShape,
  PORT: envPort.default(3000),
});

export type TBffEnv = z.output<typeof ZBffEnvSchema>;
