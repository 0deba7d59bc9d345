import { describe, expect, it } from "vitest";
import { grantedClaimsOf, withGoogleOfflineAccess, withoutProviderSession } from "./authorization-request.ts";

describe("withoutProviderSession", () => {
  it("drops the provider's session cookie and its signature, keeping every other cookie", () => {
    expect(withoutProviderSession("_session=a; _session.sig=b; amia_session=c; _interaction=d")).toBe("amia_session=c; _interaction=d");
  });

  it("leaves nothing when only the session was there", () => {
    expect(withoutProviderSession("_session=a; _session.sig=b")).toBeUndefined();
    expect(withoutProviderSession(undefined)).toBeUndefined();
  });

  it("does not touch cookies that merely start alike", () => {
    expect(withoutProviderSession("_sessions=a")).toBe("_sessions=a");
  });
});

describe("withGoogleOfflineAccess", () => {
  it("adds offline_access to the scope when access_type=offline", () => {
    const url = withGoogleOfflineAccess(new URL("http://p/auth?scope=openid%20email&access_type=offline&prompt=consent"));
    expect(url.searchParams.get("scope")).toBe("openid email offline_access");
    expect(url.searchParams.get("prompt")).toBe("consent");
  });

  it("changes nothing otherwise", () => {
    const plain = new URL("http://p/auth?scope=openid");
    expect(withGoogleOfflineAccess(plain)).toBe(plain);
    const already = new URL("http://p/auth?scope=openid+offline_access&access_type=offline");
    expect(withGoogleOfflineAccess(already).searchParams.get("scope")).toBe("openid offline_access");
  });
});

describe("grantedClaimsOf", () => {
  it("lists the claims a claims parameter asks for, in the ID token or userinfo", () => {
    expect(grantedClaimsOf(JSON.stringify({ id_token: { email: null }, userinfo: { name: { essential: true }, email: null } })).sort()).toEqual(["email", "name"]);
  });

  it("is empty for no or malformed parameter", () => {
    expect(grantedClaimsOf(undefined)).toEqual([]);
    expect(grantedClaimsOf("{not json")).toEqual([]);
    expect(grantedClaimsOf("null")).toEqual([]);
  });
});
