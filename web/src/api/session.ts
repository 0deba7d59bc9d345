import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFactorProofBody, TMfaVerifyResponse, TSessionResponse, TSessionUser } from "@amia/contracts";
import { api, ApiError } from "./client.ts";
import { keys } from "./keys.ts";

/** The signed-in user, or null when there is no session (a 401 is an answer, not an error). */
export function useSessionQuery() {
  return useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<TSessionUser | null> => {
      try {
        return (await api<TSessionResponse>("/api/v1/auth/session")).user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: 1,
  });
}

/** Where the browser goes to sign in: the BFF starts the provider's flow. */
export function signInUrl(returnTo = "/dashboard"): string {
  return `/api/v1/auth/login?return_to=${encodeURIComponent(returnTo)}`;
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>("/api/v1/auth/logout", { method: "POST" }),
    onSettled: () => {
      client.setQueryData(keys.session, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
}

/**
 * The second step of a sign-in with two-step verification (the /auth/code page): the code or a
 * recovery code for the sign-in this browser has pending; on success the session exists.
 */
export function useMfaVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proof: TFactorProofBody) => api<TMfaVerifyResponse>("/api/v1/auth/mfa/verify", { method: "POST", body: proof }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.session }),
  });
}
