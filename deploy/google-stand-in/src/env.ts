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
  /**
   * The local sign-in provider's token introspection endpoint (RFC 7662), asked whose a newly seen
   * refresh token is, so every sign-in of one person reaches one calendar. Unset or empty: each
   * refresh token has a calendar of its own. Outside production it defaults to the local provider
   * (GOOGLE_STAND_IN_LOCAL_DEFAULTS), where an empty value counts as unset, as everywhere.
   */
  GOOGLE_STAND_IN_INTROSPECTION_URL: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => value || undefined),
  // The client the introspection call authenticates as: the one the BFF signs in with (the
  // provider tells a client only about its own tokens).
  OIDC_CLIENT_ID: z.string().min(1).default("amia-web"),
  OIDC_CLIENT_SECRET: z.string().min(1).default("local-dev-secret"),
});

/** Outside production only: the local sign-in provider `npm start` runs (deploy/oidc-provider, port 4400). */
export const GOOGLE_STAND_IN_LOCAL_DEFAULTS: Readonly<Record<string, string>> = {
  GOOGLE_STAND_IN_INTROSPECTION_URL: "http://127.0.0.1:4400/token/introspection",
};

export type TGoogleStandInEnv = z.output<typeof ZGoogleStandInEnvSchema>;
