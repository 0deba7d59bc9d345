import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { testInfra, uniqueTestNames } from "@amia/kit/testing";
import { buildProcess } from "../build.ts";
import { builtArgs, nodeOptions, PROCESSES } from "../processes.ts";
import { dockerfileStages } from "./dockerfile.ts";

/**
 * The Node image as the Dockerfile makes it, without Docker (none runs here): the lockfile and
 * every package.json, then the `service` stage's own install command (read from the Dockerfile,
 * WORKSPACE filled in, npm's cache only), then the bundle the `service-build` stage makes
 * (deploy/build.ts) where the stage copies it. The process must then start and answer /healthz
 * from those runtime dependencies alone, and none of the dev tools may be there.
 */
const service = dockerfileStages(readFileSync("deploy/docker/Dockerfile", "utf8")).find((stage) => stage.name === "service")!;
const install = service.instructions.find(({ keyword, text }) => keyword === "RUN" && /\bnpm ci\b/.test(text))!.text;
const rootPackage = JSON.parse(readFileSync("package.json", "utf8")) as { workspaces: string[] };
const tracked = spawnSync("git", ["ls-files"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The image's /app: manifests first, install, then the bundle of the process(es) of that workspace. */
async function buildImageTree(workspace: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "amia-image-"));
  made.push(root);
  const copy = (path: string) => cpSync(path, join(root, path), { recursive: true });
  const workspaceDirs = tracked.filter((path) => path.endsWith("/package.json")).map(dirname).filter((dir) => rootPackage.workspaces.some((pattern) => pattern === dir || (pattern.endsWith("/*") && dirname(dir) === pattern.slice(0, -2))));
  for (const path of ["package.json", "package-lock.json", ...workspaceDirs.map((dir) => `${dir}/package.json`)]) copy(path);
  const command = install.replaceAll('"${WORKSPACE}"', workspace).replace(/\s*&&\s*npm cache clean --force/, "");
  const result = spawnSync("bash", ["-c", `${command} --offline`], { cwd: root, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  expect(service.instructions.filter(({ keyword, text }) => keyword === "COPY" && !text.includes("--from"))).toEqual([]);
  for (const spec of PROCESSES.filter((candidate) => candidate.dir === workspace)) await buildProcess(spec, ".", root);
  return root;
}

describe("a Node process's image tree (deploy/docker/Dockerfile, stage `service`)", () => {
  it.each(["bff", "calendar", "oidc-provider"].map((name) => [name, PROCESSES.find((spec) => spec.name === name)!] as const))(
    "%s starts and is healthy on its runtime dependencies alone, with no dev tool installed",
    async (_name, spec) => {
      const root = await buildImageTree(spec.dir);
      for (const tool of ["typescript", "vitest", "playwright-core", "testcontainers", "vite", "@types/node"]) expect(existsSync(join(root, "node_modules", tool)), tool).toBe(false);

      const infra = testInfra();
      const names = uniqueTestNames(spec.name);
      const child = spawn(process.execPath, builtArgs(spec), {
        cwd: join(root, spec.dir),
        env: { PATH: process.env.PATH ?? "", NODE_OPTIONS: nodeOptions(spec), PORT: "0", MONGO_URL: infra.mongoUrl, MONGO_DB: names.dbName, KAFKA_BROKERS: infra.kafkaBrokers.join(","), KAFKA_TOPIC_PREFIX: names.topicPrefix, REDIS_URL: infra.redisUrl },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
      const port = await new Promise<number>((resolve, reject) => {
        createInterface({ input: child.stdout }).on("line", (line) => {
          const entry = line.startsWith("{") ? (JSON.parse(line) as { msg?: string; port?: number }) : {};
          if (entry.msg === "listening" && entry.port) resolve(entry.port);
        });
        void exit.then((code) => reject(new Error(`exited with ${code} before listening:\n${stderr}`)));
      });
      try {
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exit).toBe(0);
    },
    240_000,
  );
});
