import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnrollFactorResponse, TFactor, TFactorProofBody, TListFactorsResponse, TVerifyFactorResponse } from "@amia/contracts";
import { api } from "./client.ts";

/** react-query key of the signed-in user's second factors (the Settings tab's two-step verification). */
export const factorsKey = ["factors"] as const;

const FACTORS_PATH = "/api/v1/users/me/factors";

/** My factors: none, or one (unverified while its set-up is unfinished). */
export function useFactors() {
  return useQuery({
    queryKey: factorsKey,
    queryFn: async ({ signal }): Promise<TFactor[]> => (await api<TListFactorsResponse>(FACTORS_PATH, { signal })).factors,
  });
}

/** Starts a set-up: a new secret (and its QR code's URI), answered this once. */
export function useEnrollFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TEnrollFactorResponse>(FACTORS_PATH, { method: "POST", body: { factor_type: "totp" } }),
    onSuccess: ({ factor }) => client.setQueryData(factorsKey, [factor]),
  });
}

/** Finishes it with the app's first code; the answer carries the recovery codes, this once. */
export function useVerifyFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) =>
      api<TVerifyFactorResponse>(`${FACTORS_PATH}/${encodeURIComponent(factorId)}/verify`, { method: "POST", body: { code } }),
    onSuccess: ({ factor }) => client.setQueryData(factorsKey, [factor]),
  });
}

/** Turns two-step verification off, with a current code or a recovery code. */
export function useUnenrollFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ factorId, proof }: { factorId: string; proof: TFactorProofBody }) =>
      api<void>(`${FACTORS_PATH}/${encodeURIComponent(factorId)}/unenroll`, { method: "POST", body: proof }),
    onSuccess: () => client.setQueryData(factorsKey, []),
  });
}
