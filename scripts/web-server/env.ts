import { z } from "zod";
import { envPort, serviceEnvShape } from "@amia/kit";

/**
 * The production web server's environment (`npm start`'s web process). PUBLIC_ORIGIN is the
 * BFF's own variable: an https origin adds HSTS here as it does there.
 */
export const ZWebServerEnvSchema = z.object({
  NODE_ENV: serviceEnvShape.NODE_ENV,
  LOG_LEVEL: serviceEnvShape.LOG_LEVEL,
  HOST: serviceEnvShape.HOST,
  OTEL_EXPORTER_OTLP_ENDPOINT: serviceEnvShape.OTEL_EXPORTER_OTLP_ENDPOINT,
  PORT: envPort.default(5173),
  PUBLIC_ORIGIN: z.url().default("http://127.0.0.1:5173"),
});
export type TWebServerEnv = z.infer<typeof ZWebServerEnvSchema>;
