/**
 * Small rewrites of what reaches the authorization endpoint, kept pure so they are unit-tested.
 */

/** oidc-provider's session cookie and its signature (cookies.names.session, default "_session"). */
const PROVIDER_SESSION_COOKIE = /^_session(\..+)?$/;

/**
 * The Cookie header without the provider's own session, or undefined when nothing is left.
 * Dropping it at the authorization endpoint makes every sign-in ask who you are, instead of
 * silently signing in as whoever used this browser last (single sign-on would make trying
 * several people locally a chore). Codes and tokens already issued are unaffected.
 */
export function withoutProviderSession(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const kept = cookieHeader
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair && !PROVIDER_SESSION_COOKIE.test(pair.split("=")[0]!.trim()));
  return kept.length > 0 ? kept.join("; ") : undefined;
}

/**
 * Google asks for offline access with `access_type=offline` (and rejects the `offline_access`
 * scope); oidc-provider knows only the scope. So `access_type=offline` adds the scope, and the
 * client gets a refresh token from either spelling. As everywhere, only with `prompt=consent`.
 */
export function withGoogleOfflineAccess(url: URL): URL {
  if (url.searchParams.get("access_type") !== "offline") return url;
  const scopes = (url.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
  if (scopes.includes("offline_access")) return url;
  const rewritten = new URL(url);
  rewritten.searchParams.set("scope", [...scopes, "offline_access"].join(" "));
  return rewritten;
}

/** The claim names a `claims` request parameter (JSON, OIDC Core 5.5) asks for, to grant them. */
export function grantedClaimsOf(claimsParameter: unknown): string[] {
  if (typeof claimsParameter !== "string") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(claimsParameter);
  } catch {
    return [];
  }
  if (typeof parsed !== "object" || parsed === null) return [];
  const names = new Set<string>();
  for (const target of ["userinfo", "id_token"] as const) {
    const requested = (parsed as Record<string, unknown>)[target];
    if (typeof requested === "object" && requested !== null) for (const name of Object.keys(requested)) names.add(name);
  }
  return [...names];
}
