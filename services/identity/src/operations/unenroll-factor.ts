import { notFound } from "@amia/kit";
import type { TFactorProofBody } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import type { FactorsStore } from "../store/factors-store.ts";
import { countedTry } from "./factor-tries.ts";
import { proveFactor } from "./prove-factor.ts";

/**
 * Turns two-step verification off: only with a current code or a recovery code, so a session
 * left open on someone else's screen cannot switch it off. A counted try.
 */
export async function unenrollFactor(store: FactorsStore, secrets: FactorSecrets, userId: string, factorId: string, proof: TFactorProofBody, now = new Date()): Promise<void> {
  const factor = await store.findFor(userId);
  if (!factor || factor._id !== factorId) throw notFound("Factor");
  await countedTry(store, userId, now.getTime(), () => proveFactor(store, secrets, factor, proof, now.getTime()));
  await store.remove(userId, factorId);
}
