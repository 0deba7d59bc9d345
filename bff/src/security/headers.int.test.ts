import { afterEach, describe, expect, it } from "vitest";
import { startTestBff, type TestBff } from "../testing/test-bff.ts";
import { HSTS_HEADER, SECURITY_HEADERS } from "./headers.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bff(env: Record<string, string> = {}): Promise<TestBff> {
  const started = await startTestBff({ label: "bff-headers", env: () => env });
  cleanups.push(started.close);
  return started;
}

const headersOf = (response: Response) => Object.fromEntries(Object.keys({ ...SECURITY_HEADERS, ...HSTS_HEADER }).map((name) => [name, response.headers.get(name)]));
const expected = (isHttps: boolean) => ({ ...SECURITY_HEADERS, "strict-transport-security": isHttps ? HSTS_HEADER["strict-transport-security"] : null });

describe("the BFF's security headers", () => {
  it("are on an API JSON answer, an error, a refusal before any route, a 404 and the probes", async () => {
    const { url } = await bff();
    const answers = {
      openapi: await fetch(`${url}/api/v1/openapi.json`),
      unauthorized: await fetch(`${url}/api/v1/users/me`),
      tooLarge: await fetch(`${url}/api/v1/auth/logout`, { method: "POST", headers: { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }, body: "x".repeat(2 * 1024 * 1024) }),
      notJson: await fetch(`${url}/api/v1/auth/logout`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" }),
      missing: await fetch(`${url}/nowhere`),
      healthz: await fetch(`${url}/healthz`),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, response]) => [name, response.status]))).toEqual({ openapi: 200, unauthorized: 401, tooLarge: 413, notJson: 415, missing: 404, healthz: 200 });
    for (const [name, response] of Object.entries(answers)) expect([name, headersOf(response)]).toEqual([name, expected(false)]);
  });

  it("keep the API reference page's own, stricter policy and add the rest", async () => {
    const { url } = await bff();
    const page = await fetch(`${url}/api/v1/docs`);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe(SECURITY_HEADERS["referrer-policy"]);
  });

  it("add HSTS when the public origin is https", async () => {
    const { url } = await bff({ PUBLIC_ORIGIN: "https://amia.example" });
    expect(headersOf(await fetch(`${url}/api/v1/users/me`))).toEqual(expected(true));
  });
});
