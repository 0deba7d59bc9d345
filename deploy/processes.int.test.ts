import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testInfra, uniqueTestNames } from "@amia/kit/testing";
import { SECURITY_HEADERS } from "../bff/src/security/headers.ts";
import { buildProcesses } from "./build.ts";
import { builtArgs, nodeOptions, PROCESSES, type ProcessSpec } from "./processes.ts";

/** The real entry points, started as `npm start` starts them (their bundles, their V8 flags), against the real infrastructure. */
const nodeProcesses = PROCESSES.filter((spec) => spec.name !== "web");
beforeAll(async () => {
  await buildProcesses(PROCESSES);
}, 120_000);
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

interface Started {
  child: ChildProcess;
  port: number;
  exit: Promise<{ code: number | null; stderr: string }>;
  /** Every line it wrote, stdout and stderr, in arrival order. */
  lines: string[];
}

function start(spec: Pick<ProcessSpec, "dir" | "args" | "heapMb">, env: Record<string, string>): Promise<Started> {
  const { dir } = spec;
  const child = spawn(process.execPath, builtArgs(spec), { cwd: dir, env: { PATH: process.env.PATH ?? "", NODE_OPTIONS: nodeOptions(spec), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let stderr = "";
  const lines: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stderr! }).on("line", (line) => lines.push(line));
  const stdoutClosed = new Promise((resolve) => child.stdout!.once("close", resolve));
  const stderrClosed = new Promise((resolve) => child.stderr!.once("close", resolve));
  // Resolved once the process has exited and both streams are drained, so `lines` is complete.
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => void Promise.all([stdoutClosed, stderrClosed]).then(() => resolve({ code, stderr }))),
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === "listening" && entry.port) resolve({ child, port: entry.port, exit, lines });
    });
    void exit.then(({ code, stderr: text }) => reject(new Error(`${dir} exited with ${code} before listening:\n${text}`)));
  });
}

/**
 * The lines of a process's output that are not clean: not one JSON object (pino's format, what a
 * log pipeline parses), or logged at warn or above although nothing went wrong.
 */
function uncleanLines(lines: readonly string[]): string[] {
  return lines.filter((line) => {
    try {
      const entry = JSON.parse(line) as unknown;
      return typeof entry !== "object" || entry === null || !["trace", "debug", "info"].includes(String((entry as { level?: unknown }).level));
    } catch {
      return true;
    }
  });
}

describe("process entry points", () => {
  it.each(nodeProcesses.map((spec) => [spec.name, spec] as const))("%s starts, is healthy and ready, and stops cleanly on SIGTERM, logging JSON lines only and no warning", async (_name, spec) => {
    const infra = testInfra();
    const names = uniqueTestNames(spec.name);
    const { child, port, exit, lines } = await start(spec, {
      PORT: "0",
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: names.dbName,
      KAFKA_BROKERS: infra.kafkaBrokers.join(","),
      KAFKA_TOPIC_PREFIX: names.topicPrefix,
      REDIS_URL: infra.redisUrl,
    });

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    const readiness = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(readiness.status).toBe("ready");
    expect(Object.keys(readiness.checks).sort()).toEqual(
      spec.needs.map((need) => ({ mongo: "mongodb", kafka: "kafka", redis: "redis" })[need]).sort(),
    );

    child.kill("SIGTERM");
    expect((await exit).code).toBe(0);
    expect(lines.some((line) => line.includes('"msg":"listening"'))).toBe(true);
    expect(uncleanLines(lines)).toEqual([]);
  });

  it.each(nodeProcesses.filter((spec) => spec.needs.includes("mongo")).map((spec) => [spec.name, spec] as const))(
    "%s refuses to start in production without MONGO_URL, naming it",
    async (_name, spec) => {
      const attempt = start(spec, { NODE_ENV: "production", KAFKA_BROKERS: "127.0.0.1:9092", INTERNAL_JWKS_URL: "http://127.0.0.1:3000/.well-known/jwks.json", REDIS_URL: "redis://127.0.0.1:6379" });
      await expect(attempt).rejects.toThrow(/exited with 1 before listening:\nInvalid configuration for \w+:\n {2}- MONGO_URL is not set/);
    },
  );

  it("web (npm start) serves the production build with the security headers, and no dev server: /@fs/, /@vite/client and sources get index.html", async () => {
    const web = PROCESSES.find((spec) => spec.name === "web")!;
    // Builds web/ first when its build is stale (the first run after a change takes longer).
    const { child, port, exit, lines } = await start(web, { PORT: "0" });
    const url = `http://127.0.0.1:${port}`;

    const index = await fetch(`${url}/`);
    const html = await index.text();
    expect([index.status, index.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(index.headers.get("x-frame-options")).toBe(SECURITY_HEADERS["x-frame-options"]);
    expect(index.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, "index.html loads a built entry from /assets/").toBeDefined();
    const asset = await fetch(`${url}${entry}`);
    expect([asset.status, asset.headers.get("content-type"), asset.headers.get("x-content-type-options")]).toEqual([200, "text/javascript; charset=utf-8", "nosniff"]);
    await asset.arrayBuffer();

    for (const path of ["/@vite/client", `/@fs${process.cwd()}/package.json`, `/@fs${process.cwd()}/deploy/local/.run/redis/redis.log`, "/src/main.tsx", "/vite.config.ts"]) {
      const answer = await fetch(`${url}${path}`);
      expect([path, answer.status, answer.headers.get("content-type"), await answer.text()]).toEqual([path, 200, "text/html; charset=utf-8", expect.stringContaining('<div id="root"></div>')]);
    }

    child.kill("SIGTERM");
    expect((await exit).code).toBe(0);
    expect(uncleanLines(lines)).toEqual([]);
  });
});
