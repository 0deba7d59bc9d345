import { z } from "zod";
import { envPort, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape } from "@amia/kit";
import type { CreditsPolicy } from "./domain/credits.ts";

/** A whole number of credits; an empty value is an error, not a silent 0. */
const envCredits = z.string().regex(/^\d+$/, "must be a whole number of credits (0 or more)").transform(Number);

/** The usage service's whole configuration, parsed once at start-up. */
export const ZUsageEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4006),
  /**
   * The model cost, in US dollars, one AI credit stands for. $0.001: a chat answer with a small
   * model (gpt-4o-mini, two calls of ~2,500 tokens) costs about that (docs/decisions.md "AI credits").
   */
  AI_CREDIT_USD: z.coerce.number().positive().default(0.001),
  /** Credits a month on each plan (the pricing page: 10 on Free, 100 on Pro). */
  AI_CREDITS_FREE: envCredits.default(10),
  AI_CREDITS_PRO: envCredits.default(100),
  /** Comma-separated user ids on Pro; everyone else is on Free. */
  AI_PRO_USER_IDS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((id) => id.trim()).filter(Boolean)),
});

export type TUsageEnv = z.output<typeof ZUsageEnvSchema>;

/** The credit rules the configuration sets. */
export function creditsPolicyOf(env: Pick<TUsageEnv, "AI_CREDIT_USD" | "AI_CREDITS_FREE" | "AI_CREDITS_PRO" | "AI_PRO_USER_IDS">): CreditsPolicy {
  return {
    creditUsd: env.AI_CREDIT_USD,
    creditsPerMonth: { free: env.AI_CREDITS_FREE, pro: env.AI_CREDITS_PRO },
    proUserIds: new Set(env.AI_PRO_USER_IDS),
  };
}

/** The policy with every default: what a service built without configuration (tests) applies. */
export const DEFAULT_CREDITS_POLICY: CreditsPolicy = creditsPolicyOf(
  ZUsageEnvSchema.pick({ AI_CREDIT_USD: true, AI_CREDITS_FREE: true, AI_CREDITS_PRO: true, AI_PRO_USER_IDS: true }).parse({}),
);
