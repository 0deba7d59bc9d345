/**
 * Every process of the product, in start order: the one list the supervisor (`npm start`),
 * docker-compose.yml and its test agree on. Ports are the local defaults each process's own
 * config also defaults to.
 */
export interface ProcessSpec {
  name: string;
  /** Folder of the npm workspace that holds it. */
  dir: string;
  port: number;
  /** Arguments to the Node 24 binary, relative to `dir`. */
  args: string[];
  /** What it needs of the local infrastructure. */
  needs: Array<"mongo" | "kafka" | "redis">;
  /** How `npm run dev` runs it instead, when that differs (the web app: Vite with hot reload). */
  dev?: { dir: string; args: string[] };
}

const service = (name: string, port: number, needs: ProcessSpec["needs"]): ProcessSpec => ({
  name,
  dir: `services/${name}`,
  port,
  args: ["src/main.ts"],
  needs,
});

export const PROCESSES: readonly ProcessSpec[] = [
  service("identity", 4001, ["mongo", "kafka"]),
  service("relationships", 4002, ["mongo", "kafka"]),
  service("events", 4003, ["mongo", "kafka"]),
  service("notifications", 4004, ["mongo", "kafka"]),
  service("agent", 4005, ["mongo", "kafka"]),
  service("usage", 4006, ["mongo", "kafka"]),
  // The local Google (OAuth token endpoint + Calendar v3; deploy/google-stand-in), before the calendar that calls it.
  { name: "google-stand-in", dir: "deploy/google-stand-in", port: 4500, args: ["src/main.ts"], needs: [] },
  service("calendar", 4007, ["mongo", "kafka", "redis"]),
  service("recipes", 4008, ["mongo", "kafka"]),
  // The local OpenID Connect provider (stand-in for Google sign-in), before the BFF that signs in with it.
  { name: "oidc-provider", dir: "deploy/oidc-provider", port: 4400, args: ["src/main.ts"], needs: [] },
  { name: "bff", dir: "bff", port: 3000, args: ["src/main.ts"], needs: ["kafka", "redis"] },
  // The SPA as users get it: its production build (made first when stale) with the security
  // headers, /api proxied to the BFF (scripts/web-server, like the compose nginx). `npm run dev`
  // runs Vite's dev server with hot reload instead, limited to web/ (web/vite.config.ts).
  {
    name: "web",
    dir: ".",
    port: 5173,
    args: ["scripts/web-server/main.ts"],
    needs: [],
    dev: { dir: "web", args: ["../node_modules/vite/bin/vite.js", "--host", "127.0.0.1", "--port", "5173", "--strictPort"] },
  },
];
