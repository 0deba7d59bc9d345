import { remoteJwks, type Logger, type ServiceModuleFactory } from "@amia/kit";
import { createTestHarness, serveOverHttp, testInfra, uniqueTestNames, type MountedService, type ServedApp, type TestHarness } from "@amia/kit/testing";
import { createLocalOidcProvider, type LocalOidcProvider } from "../../../deploy/oidc-provider/src/provider.ts";
import type { ServiceName } from "../routes/catalogue.ts";
import { startTestBff, type TestBff } from "./test-bff.ts";
import { TestBrowser } from "./test-browser.ts";

export const TEST_CLIENT = { client_id: "amia-web", client_secret: "test-secret" } as const;

export interface WorldOptions {
  label: string;
  /** Real services to mount (on the harness) and serve over HTTP for the BFF. */
  services?: Partial<Record<ServiceName, ServiceModuleFactory>>;
  env?: Record<string, string>;
  heartbeatMs?: number;
  /** Where the BFF logs; silent by default. */
  logger?: Logger;
}

export interface World {
  bff: TestBff;
  provider: LocalOidcProvider;
  harness: TestHarness;
  services: Partial<Record<ServiceName, MountedService & { served: ServedApp }>>;
  /** A fresh browser (its own cookie jar) pointed at the BFF. */
  browser: () => TestBrowser;
  /** A browser already signed in as this person. */
  signedIn: (email: string, name?: string) => Promise<TestBrowser>;
  close: () => Promise<void>;
}

/**
 * Everything a sign-in needs, for real: the local OIDC provider, the real services mounted on the
 * real Kafka and MongoDB-wire database and served over HTTP, and the BFF in front reaching them
 * by URL. The services trust only the BFF's keys, fetched from its /.well-known/jwks.json.
 */
export async function createWorld(options: WorldOptions): Promise<World> {
  const names = uniqueTestNames(options.label);
  let harness: TestHarness | undefined;
  let provider: LocalOidcProvider | undefined;
  const services: World["services"] = {};

  const bff = await startTestBff({
    label: options.label,
    names,
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    env: async (bffUrl) => {
      harness = await createTestHarness(options.label, testInfra(), { keys: remoteJwks(`${bffUrl}/.well-known/jwks.json`), names });
      const urls: Record<string, string> = {};
      for (const [name, factory] of Object.entries(options.services ?? {}) as Array<[ServiceName, ServiceModuleFactory]>) {
        const mounted = await harness.mount(name, factory);
        const served = await serveOverHttp(mounted.app.fetch);
        services[name] = { ...mounted, served };
        urls[`${name.toUpperCase()}_URL`] = served.url;
      }
      provider = await createLocalOidcProvider({ port: 0, clients: [{ ...TEST_CLIENT, redirect_uris: [`${bffUrl}/api/v1/auth/callback`] }] });
      return {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.client_id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.client_secret,
        ...urls,
        ...options.env,
      };
    },
  });

  const browser = () => new TestBrowser(bff.url);
  return {
    bff,
    provider: provider!,
    harness: harness!,
    services,
    browser,
    async signedIn(email, name) {
      const signedIn = browser();
      const { landedAt } = await signedIn.signIn(email, name);
      if (landedAt.searchParams.has("error") || !signedIn.hasSession()) throw new Error(`sign-in as ${email} failed: ${landedAt.href}`);
      return signedIn;
    },
    async close() {
      await bff.close();
      for (const service of Object.values(services)) await service?.served.close();
      await provider?.close();
      await harness?.close();
    },
  };
}
