import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run dev`'s web process: Vite's dev server with web/vite.config.ts. Its /@fs/ route serves
 * any file the config allows; that must be the app, the contracts and installed packages — not
 * the local database's files, Kafka's logs, .env or the rest of the checkout.
 */
const REPO = resolve(import.meta.dirname, "../..");
let server: ViteDevServer;
let url: string;

beforeAll(async () => {
  server = await createServer({ configFile: resolve(REPO, "web/vite.config.ts"), root: resolve(REPO, "web"), logLevel: "silent", server: { host: "127.0.0.1", port: 0, strictPort: false } });
  await server.listen();
  url = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe("the dev server (npm run dev)", () => {
  // A few files the local infrastructure keeps (globalSetup has started it), and others of the checkout.
  // Files one level into each of its folders (deeper, Kafka creates and deletes its own as it runs).
  const run = resolve(REPO, "deploy/local/.run");
  const runFiles = readdirSync(run, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(join(run, folder.name), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => relative(REPO, join(run, folder.name, entry.name))))
    .slice(0, 5);

  it.each([...runFiles, "deploy/local/infra.sh", ".env.example", "package.json", "bff/src/env.ts", "services/identity/src/app.ts", "web/../deploy/local/infra.sh"])(
    "refuses /@fs/ to %s",
    async (path) => {
      expect(existsSync(resolve(REPO, path)), `${path} exists`).toBe(true);
      const response = await fetch(`${url}/@fs${REPO}/${path}`);
      expect([path, response.status]).toEqual([path, 403]);
    },
  );

  it.each(["web/src/main.tsx", "contracts/src/index.ts", "node_modules/react/package.json"])("serves what the app is built from: %s", async (path) => {
    const response = await fetch(`${url}/@fs${REPO}/${path}`);
    expect([path, response.status]).toEqual([path, 200]);
  });
});
