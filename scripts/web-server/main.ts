/**
 * `npm start`'s web process: builds web/ when its build is missing or stale (saying so), then
 * serves it (app.ts) on PORT, in front of the BFF of deploy/processes.ts.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig, runService, startTelemetry } from "@amia/kit";
import { PROCESSES } from "../../deploy/processes.ts";
import { isHttpsOrigin } from "../../bff/src/security/headers.ts";
import { createWebApp } from "./app.ts";
import { buildStateOf, buildWeb } from "./build.ts";
import { ZWebServerEnvSchema } from "./env.ts";

// The repository holding this file: from its source (scripts/web-server/) or its bundle
// (scripts/web-server/dist/, deploy/build.ts), the nearest folder up that has web/package.json.
let REPO_ROOT = dirname(fileURLToPath(import.meta.url));
while (!existsSync(join(REPO_ROOT, "web", "package.json")) && dirname(REPO_ROOT) !== REPO_ROOT) REPO_ROOT = dirname(REPO_ROOT);
const DIST_DIR = join(REPO_ROOT, "web", "dist");

const env = loadConfig("web", ZWebServerEnvSchema, process.env, {});
const logger = createLogger("web", env.LOG_LEVEL);
const stopTelemetry = startTelemetry("web", env, logger);

const state = buildStateOf(REPO_ROOT, DIST_DIR);
if (!state.isFresh) {
  logger.info({ reason: state.reason }, "building the web app (vite build)");
  const build = buildWeb(REPO_ROOT);
  if (!build.isBuilt) {
    logger.fatal("the web app did not build; see vite's messages above");
    process.exit(1);
  }
  logger.info({ seconds: build.seconds }, "built the web app");
}

const bff = PROCESSES.find((spec) => spec.name === "bff");
if (!bff) throw new Error("deploy/processes.ts lists no bff");
await runService({
  app: createWebApp({ distDir: DIST_DIR, bffUrl: `http://127.0.0.1:${bff.port}`, isHttps: isHttpsOrigin(env.PUBLIC_ORIGIN), logger }),
  port: env.PORT,
  host: env.HOST,
  logger,
  onShutdown: [stopTelemetry],
});
