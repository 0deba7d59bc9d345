import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * `npm start` serves the production build of web/; it builds it first when the build is missing
 * or older than anything it is built from, so what runs is always what the sources say.
 */

/** What the build of web/ reads, relative to the repository: the app, its config, the contracts it imports, the locked dependencies. */
export const BUILD_INPUTS = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "web/package.json", "contracts/src", "package-lock.json"] as const;

export type BuildState = { isFresh: true } | { isFresh: false; reason: string };

function newestFile(path: string): { path: string; mtimeMs: number } | undefined {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules") continue;
    const found = newestFile(join(path, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

export function buildStateOf(repoRoot: string, distDir: string): BuildState {
  let builtAt: number;
  try {
    builtAt = statSync(join(distDir, "index.html")).mtimeMs;
  } catch {
    return { isFresh: false, reason: `${relative(repoRoot, distDir)} has no build` };
  }
  for (const input of BUILD_INPUTS) {
    const newest = newestFile(join(repoRoot, input));
    if (newest && newest.mtimeMs > builtAt) return { isFresh: false, reason: `${relative(repoRoot, newest.path)} changed after the last build` };
  }
  return { isFresh: true };
}

/** `vite build` in web/ (into web/dist). Its output goes to stderr: stdout carries JSON logs. */
export function buildWeb(repoRoot: string): { isBuilt: boolean; seconds: number } {
  const startedAt = performance.now();
  const vite = join(repoRoot, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: join(repoRoot, "web"), stdio: ["ignore", process.stderr, process.stderr] });
  return { isBuilt: build.status === 0, seconds: Math.round((performance.now() - startedAt) / 100) / 10 };
}
