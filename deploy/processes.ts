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
  /**
   * Arguments to the Node 24 binary, relative to `dir`: its TypeScript entry, what tests and
   * `npm run dev` run. `npm start`, the bench/chaos stack and the image run its bundle instead
   * (`builtEntry`, made by deploy/build.ts).
   */
  args: string[];
  /** V8's old-space cap in MB (`--max-old-space-size`, see `nodeOptions`): below deploy/k8s's memory limit. */
  heapMb: number;
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
  heapMb: 320,
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
  { name: "google-stand-in", dir: "deploy/google-stand-in", port: 4500, args: ["src/main.ts"], heapMb: 320, needs: [] },
  service("calendar", 4007, ["mongo", "kafka", "redis"]),
  service("recipes", 4008, ["mongo", "kafka"]),
  // The local OpenID Connect provider (stand-in for Google sign-in), before the BFF that signs in with it.
  { name: "oidc-provider", dir: "deploy/oidc-provider", port: 4400, args: ["src/main.ts"], heapMb: 320, needs: [] },
  { name: "bff", dir: "bff", port: 3000, args: ["src/main.ts"], heapMb: 512, needs: ["kafka", "redis"] },
  // The SPA as users get it: its production build (made first when stale) with the security
  // headers, /api proxied to the BFF (scripts/web-server, like the compose nginx). `npm run dev`
  // runs Vite's dev server with hot reload instead, limited to web/ (web/vite.config.ts).
  {
    name: "web",
    dir: ".",
    port: 5173,
    args: ["scripts/web-server/main.ts"],
    heapMb: 320,
    needs: [],
    dev: { dir: "web", args: ["../node_modules/vite/bin/vite.js", "--host", "127.0.0.1", "--port", "5173", "--strictPort"] },
  },
];

/**
 * Where deploy/build.ts puts a process's bundle, relative to its `dir`: `dist/main.js` beside a
 * `src/` entry, else a `dist/` beside the entry (scripts/web-server/dist/main.js).
 */
export function builtEntry(spec: Pick<ProcessSpec, "args">): string {
  const source = spec.args[0]!;
  const folder = source.includes("/") ? source.slice(0, source.lastIndexOf("/")) : ".";
  return folder === "src" ? "dist/main.js" : `${folder}/dist/main.js`;
}

/** How `npm start`, the bench/chaos stack and the image run a process: its bundle (with `nodeOptions` in NODE_OPTIONS). */
export function builtArgs(spec: Pick<ProcessSpec, "args">): string[] {
  return [builtEntry(spec)];
}

/**
 * V8's young generation's semi-space cap in MB. Node's default lets it grow to 16 MB (three of
 * them: up to 48 MB) after start-up's allocation burst, and an idle process keeps them; at 1 MB a
 * process at idle holds about 30 MB less (issue 14: at most 120 MB RSS per service at idle), for
 * more frequent (cheap) scavenges under load.
 */
export const SEMI_SPACE_MB = 1;

/**
 * The V8 flags of a process, as its NODE_OPTIONS: the one place `npm start`, the image
 * (docker-compose.yml's build argument) and deploy/k8s's Deployments take them from (tests keep
 * compose and k8s in step).
 */
export function nodeOptions(spec: Pick<ProcessSpec, "heapMb">): string {
  return `--max-semi-space-size=${SEMI_SPACE_MB} --max-old-space-size=${spec.heapMb}`;
}
