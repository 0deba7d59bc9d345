import { notFound } from "@amia/kit";
import type { TFactorChallengeResponse, TFactorProofBody } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import { toFactor, type FactorsStore } from "../store/factors-store.ts";
import { countedTry } from "./factor-tries.ts";
import { proveFactor } from "./prove-factor.ts";

/**
 * The second step of a sign-in (BFF → identity, after the provider vouched for the user): the
 * user's verified factor, proved by a current code or a recovery code. Passing it is the
 * "MFA challenge verified" auth event (SPEC.md section 4), recorded on the factor.
 */
export async function challengeFactor(store: FactorsStore, secrets: FactorSecrets, userId: string, proof: TFactorProofBody, now = new Date()): Promise<TFactorChallengeResponse> {
  const factor = await store.findFor(userId);
  if (!factor || factor.status !== "verified") throw notFound("Verified factor");
  const method = await countedTry(store, userId, now.getTime(), () => proveFactor(store, secrets, factor, proof, now.getTime()));
  await store.recordChallengeVerified(userId, factor._id, now.toISOString());
  // Read again: a recovery code just used is no longer counted.
  const after = await store.findFor(userId);
  return { factor: toFactor(after ?? factor), method };
}
