import { z } from "zod";
import { envAes256Key, envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";

/** A development-only key: fine on a laptop, refused in production (set or not). */
const DEV_MFA_ENCRYPTION_KEY = Buffer.from("amia-local-dev-mfa-key-32-bytes!").toString("base64");

/** The identity service's whole configuration, parsed once at start-up. */
export const ZIdentityEnvSchema = z
  .object({
    ...serviceEnvShape,
    ...mongoEnvShape,
    ...kafkaEnvShape,
    ...internalAuthEnvShape,
    PORT: envPort.default(4001),
    /** AES-256-GCM key for second-factor secrets at rest (and the recovery codes' hash key); required in production. */
    MFA_ENCRYPTION_KEY: envAes256Key.optional(),
  })
  // A refinement, not a transform: the schema stays an object whose keys tools can list.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    if (!env.MFA_ENCRYPTION_KEY) ctx.addIssue({ code: "custom", path: ["MFA_ENCRYPTION_KEY"], message: "is required in production" });
    else if (Buffer.from(env.MFA_ENCRYPTION_KEY, "base64").equals(Buffer.from(DEV_MFA_ENCRYPTION_KEY, "base64"))) ctx.addIssue({ code: "custom", path: ["MFA_ENCRYPTION_KEY"], message: "must not be the development key in production" });
  });

export type TIdentityEnv = z.output<typeof ZIdentityEnvSchema>;

/** The factor key to use: the configured one, or (outside production only) the development key. */
export function mfaEncryptionKeyOf(env: TIdentityEnv): Buffer {
  return Buffer.from(env.MFA_ENCRYPTION_KEY ?? DEV_MFA_ENCRYPTION_KEY, "base64");
}
