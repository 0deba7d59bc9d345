import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The relationships service's whole configuration, parsed once at start-up. */
export const ZRelationshipsEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4002),
});

export type TRelationshipsEnv = z.output<typeof ZRelationshipsEnvSchema>;
