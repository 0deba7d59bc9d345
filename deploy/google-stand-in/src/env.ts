import { z } from "zod";
import { envPort, serviceEnvShape } from "@amia/kit";

/** The Google stand-in's configuration (deploy/google-stand-in), parsed once at start-up. */
export const ZGoogleStandInEnvSchema = z.object({
  ...serviceEnvShape,
  PORT: envPort.default(4500),
  /**
   * Refresh tokens the stand-in accepts at start: comma-separated. Any refresh token the BFF
   * hands over from the local sign-in provider is also accepted (the stand-in learns it on first use).
   */
  GOOGLE_STAND_IN_REFRESH_TOKENS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((token) => token.trim()).filter(Boolean)),
});

export type TGoogleStandInEnv = z.output<typeof ZGoogleStandInEnvSchema>;
