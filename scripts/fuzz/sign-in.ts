import { TestBrowser } from "../../bff/src/testing/test-browser.ts";

/**
 * Signs a person in at the local OpenID Connect provider without a browser: the BFF's
 * /api/v1/auth/login, the provider's form, the callback, each redirect followed by hand with a
 * cookie jar (the integration tests' TestBrowser). `webOrigin` is the app's public origin (the
 * provider's redirect URI is on it).
 */
export async function signIn(webOrigin: string, email: string, name: string): Promise<TestBrowser> {
  const browser = new TestBrowser(webOrigin);
  const { landedAt } = await browser.signIn(email, name);
  if (landedAt.searchParams.has("error") || !browser.hasSession()) {
    throw new Error(`Signing in as ${email} failed: the app was sent to ${landedAt.href}`);
  }
  return browser;
}
