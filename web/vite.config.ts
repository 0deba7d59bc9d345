import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { SECURITY_HEADERS } from "../bff/src/security/headers.ts";

// The SPA calls the BFF on the same origin (/api/v1), so in development Vite proxies it.
const BFF_ORIGIN = "http://127.0.0.1:3000";

const WEB_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(WEB_DIR, "..");

/**
 * The dev server sends the security headers but the CSP: its hot reload runs inline scripts and
 * styles. The production server and nginx send the whole set.
 */
const { "content-security-policy": _devHasNoCsp, ...DEV_SERVER_HEADERS } = SECURITY_HEADERS;

/** /healthz for the dev server, so the supervisor can tell it is up like every other process. */
function healthz(): Plugin {
  return {
    name: "amia-healthz",
    configureServer(server) {
      server.middlewares.use("/healthz", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "ok", service: "web" }));
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), healthz()],
  // Vite writes this where the CSP nonce goes (a <meta property="csp-nonce"> the app hands to
  // react-hot-toast's styles); the production server replaces it per response
  // (bff/src/security/headers.ts CSP_NONCE_PLACEHOLDER). The dev server sends no CSP.
  html: { cspNonce: "__AMIA_CSP_NONCE__" },
  server: {
    headers: DEV_SERVER_HEADERS,
    proxy: { "/api": { target: BFF_ORIGIN, changeOrigin: false }, "/.well-known": BFF_ORIGIN },
    // Vite's default allows the whole workspace (the repository) under /@fs/: the local
    // database's files, Kafka's logs, .env. The dev server may read the app, the contracts it
    // imports (a workspace link) and installed packages, nothing else.
    fs: {
      strict: true,
      allow: [WEB_DIR, resolve(REPO_ROOT, "contracts/src"), resolve(REPO_ROOT, "node_modules")],
    },
  },
});
