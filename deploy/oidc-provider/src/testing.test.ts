import { describe, expect, it } from "vitest";
import { CookieJar, pkcePair } from "./testing.ts";

const responseSetting = (...cookies: string[]): Response => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
};

describe("CookieJar", () => {
  it("sends a cookie back to its host on any port, within its path", () => {
    const jar = new CookieJar();
    jar.store("http://127.0.0.1:4400/auth", responseSetting("_interaction=a; path=/interaction/x; httponly", "_session=s; path=/"));
    expect(jar.header("http://127.0.0.1:4400/interaction/x")).toBe("_interaction=a; _session=s");
    expect(jar.header("http://127.0.0.1:3000/api")).toBe("_session=s");
    expect(jar.header("http://127.0.0.1:4400/interaction/xy")).toBe("_session=s");
    expect(jar.header("http://localhost:4400/")).toBeUndefined();
  });

  it("replaces a cookie of the same name and path, and forgets an expired one", () => {
    const jar = new CookieJar();
    jar.store("http://h/", responseSetting("a=1; path=/"));
    jar.store("http://h/", responseSetting("a=2; path=/"));
    expect(jar.header("http://h/")).toBe("a=2");
    jar.store("http://h/", responseSetting("a=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT"));
    expect(jar.header("http://h/")).toBeUndefined();
    expect(jar.has("http://h/", "a")).toBe(false);
  });
});

describe("pkcePair", () => {
  it("makes an S256 challenge of a fresh verifier", () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pkcePair().verifier).not.toBe(verifier);
  });
});
