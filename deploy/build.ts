/**
 * `npm run build`: each Node process of deploy/processes.ts bundled ahead of time into plain
 * JavaScript, what `npm start`, the chaos/bench stack and the Docker image run. Tests and
 * `npm run dev` keep running the TypeScript sources.
 *
 * Why: a process that loads even one .ts file makes Node 24 load its type stripper (amaro, a
 * WASM module), about 17 MB of resident memory in every process for the whole of its life
 * (issue 14: at most 120 MB RSS per service at idle). A bundle of our own code (@amia/* workspaces
 * included) also loads one module instead of a hundred or so.
 *
 * Third-party packages stay external (imported from node_modules at run time), so the image's
 * runtime install (deploy/docker/Dockerfile, `npm ci --omit=dev --workspace`) is still what a
 * process loads, and deploy/docker/dockerfile.test.ts's dependency checks still mean something.
 *
 *   npm run build                  every process
 *   npm run build -- events bff    those processes only (by deploy/processes.ts name)
 *   node deploy/build.ts --workspace services/events   the process(es) of one workspace folder (the Dockerfile)
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { builtEntry, PROCESSES, type ProcessSpec } from "./processes.ts";

/** A bare specifier that is not one of our workspaces (@amia/*) is a package from node_modules; Node's builtins too. */
function isExternal(id: string): boolean {
  return !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0") && !id.startsWith("@amia/");
}

/**
 * Bundles one process's source entry (read under `root`) into `<outRoot>/<dir>/<its built entry>`
 * (the folder emptied first, so no stale chunk stays). Names of classes and functions are kept:
 * errors are told apart and logged by their `name`.
 */
export async function buildProcess(spec: Pick<ProcessSpec, "dir" | "args">, root = ".", outRoot = root): Promise<void> {
  const output = join(outRoot, spec.dir, builtEntry(spec));
  const outDir = output.slice(0, output.lastIndexOf("/"));
  rmSync(outDir, { recursive: true, force: true });
  const bundle = await rolldown({
    input: { main: join(root, spec.dir, spec.args[0]!) },
    platform: "node",
    external: isExternal,
    // A package whose exports go unused is not imported at all (every service's bundle imported
    // bullmq for the kit's job helpers that only calendar calls): a package is never imported for
    // its side effects alone here, and each one loaded costs idle memory (issue 14).
    treeshake: { moduleSideEffects: "no-external" },
    logLevel: "warn",
    // An unresolved import is a broken build, not a warning.
    onLog(level, log, handler) {
      if (log.code === "UNRESOLVED_IMPORT") handler("error", log);
      else handler(level, log);
    },
  });
  try {
    await bundle.write({ dir: outDir, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js", sourcemap: true, keepNames: true });
  } finally {
    await bundle.close();
  }
}

/** Builds the given processes (every one by default), one after the other; what took how long. */
export async function buildProcesses(specs: readonly ProcessSpec[] = PROCESSES, root = "."): Promise<{ count: number; ms: number }> {
  const startedAt = performance.now();
  const seen = new Set<string>();
  for (const spec of specs) {
    // Replicas of a service share one bundle.
    const key = `${spec.dir}:${spec.args[0]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await buildProcess(spec, root);
  }
  return { count: seen.size, ms: Math.round(performance.now() - startedAt) };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const workspace = args[0] === "--workspace" ? args[1] : undefined;
  const names = workspace === undefined ? args : [];
  const specs = workspace !== undefined ? PROCESSES.filter((spec) => spec.dir === workspace) : names.length > 0 ? PROCESSES.filter((spec) => names.includes(spec.name)) : PROCESSES;
  const unknown = workspace !== undefined ? (specs.length === 0 ? [workspace] : []) : names.filter((name) => !PROCESSES.some((spec) => spec.name === name));
  if (unknown.length > 0) {
    console.error(`No such process: ${unknown.join(", ")} (deploy/processes.ts names: ${PROCESSES.map((spec) => `${spec.name} (${spec.dir})`).join(", ")})`);
    process.exit(2);
  }
  const { count, ms } = await buildProcesses(specs);
  console.log(`Built ${count} processes in ${ms} ms (<dir>/dist/main.js each).`);
}
