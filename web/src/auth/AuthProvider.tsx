import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import type { TSessionUser } from "@amia/contracts";
import { onSignedOut } from "../api/client.ts";
import { keys } from "../api/keys.ts";
import { useSessionQuery, useSignOut } from "../api/session.ts";
import { DEFAULT_MESSAGES } from "../lib/errors.ts";

/** SPEC.md section 3 "Auth state", minus the tokens: they stay in the BFF (HTTP-only cookie). */
export interface AuthState {
  user: TSessionUser | null;
  loading: boolean;
  isAuthenticated: boolean;
  error: Error | null;
  signOut: () => Promise<void>;
  /** Reads the session again (after the sign-in callback). */
  refresh: () => Promise<TSessionUser | null>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const session = useSessionQuery();
  const signOutMutation = useSignOut();

  // Any call answered 401 means the session ended (expired, signed out elsewhere): say so once,
  // and the guard sends the user to /login.
  useEffect(
    () =>
      onSignedOut(() => {
        if (client.getQueryData(keys.session)) toast.error(DEFAULT_MESSAGES.sessionExpired, { id: "session-expired" });
        client.setQueryData(keys.session, null);
      }),
    [client],
  );

  const value = useMemo<AuthState>(
    () => ({
      user: session.data ?? null,
      loading: session.isPending,
      isAuthenticated: Boolean(session.data),
      error: session.error,
      // The local session ends either way; a failure only means the server may keep it a while.
      signOut: async () => {
        await signOutMutation.mutateAsync().catch(() => void toast.error(DEFAULT_MESSAGES.logout));
      },
      refresh: async () => (await session.refetch()).data ?? null,
    }),
    [session, signOutMutation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth needs an <AuthProvider>");
  return value;
}

/** The name the header shows: the provider's name, else full name, else the email. */
export function displayName(user: TSessionUser): string {
  return user.user_metadata.name || user.user_metadata.full_name || user.email;
}
