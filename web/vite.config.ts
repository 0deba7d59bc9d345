import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The SPA calls the BFF on the same origin (/api/v1), so in development Vite proxies it.
const BFF_ORIGIN = "http://127.0.0.1:3000";

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
  server: {
    proxy: { "/api": { target: BFF_ORIGIN, changeOrigin: false }, "/.well-known": BFF_ORIGIN },
  },
});
