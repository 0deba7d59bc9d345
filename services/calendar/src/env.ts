import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, redisEnvShape, internalAuthEnvShape } from "@amia/kit";

/** The calendar service's whole configuration, parsed once at start-up. */
export const ZCalendarEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...redisEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4007),
});

export type TCalendarEnv = z.output<typeof ZCalendarEnvSchema>;
