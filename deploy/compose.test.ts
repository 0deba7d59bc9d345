import { readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { parseConfig } from "@amia/kit";
import { PROCESSES } from "./processes.ts";

/**
 * No Docker engine (nor compose plugin) runs on our machines, so `docker compose config` cannot
 * check docker-compose.yml here. This test does what it would, and more: every process has a
 * buildable entry with a health check and its port, and the environment compose gives each
 * Node process satisfies that process's own config schema in production mode.
 */

interface ComposeService {
  image?: string;
  command?: string[];
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as { services: Record<string, ComposeService> };
const dockerfile = readFileSync("deploy/docker/Dockerfile", "utf8");
const nodeProcesses = PROCESSES.filter((spec) => spec.name !== "web");
const INFRA_SERVICE = { mongo: "mongo", kafka: "kafka", redis: "redis" } as const;

async function envSchemaOf(dir: string): Promise<z.ZodObject> {
  const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(dir, "src/env.ts")).href)) as Record<string, unknown>;
  const schemas = Object.entries(module).filter(([name]) => /^Z\w+EnvSchema$/.test(name));
  expect(schemas, `${dir}/src/env.ts exports one Z…EnvSchema`).toHaveLength(1);
  return schemas[0]![1] as z.ZodObject;
}

/** Compose's `${VAR:-default}` and `${VAR-default}` as compose would resolve them with VAR unset. */
function resolveDefaults(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value.replace(/\$\{\w+:?-([^}]*)\}/g, "$1")]));
}

describe("docker-compose.yml", () => {
  it("runs the pinned infrastructure: Kafka 3.9.1 in KRaft mode, MongoDB 7 as a replica set, Redis 7", () => {
    const { kafka, mongo, redis } = compose.services;
    expect(kafka?.image).toBe("apache/kafka:3.9.1");
    expect(kafka?.environment?.KAFKA_PROCESS_ROLES).toBe("broker,controller");
    expect(mongo?.image).toBe("mongo:7");
    expect(mongo?.command).toContain("--replSet");
    expect(redis?.image).toMatch(/^redis:7/);
    for (const name of ["kafka", "mongo", "redis"]) expect(compose.services[name]?.healthcheck?.test, name).toBeDefined();
  });

  it.each(PROCESSES.map((spec) => [spec.name, spec] as const))("has a buildable, health-checked entry for %s", (name, spec) => {
    const service = compose.services[name];
    expect(service, `service ${name}`).toBeDefined();
    expect(existsSync(service!.build!.dockerfile)).toBe(true);
    expect(dockerfile).toMatch(new RegExp(`^FROM .+ AS ${service!.build!.target}$`, "m"));
    expect(service!.healthcheck?.test).toBeDefined();
    const containerPort = name === "web" ? 80 : spec.port;
    expect(service!.ports?.some((mapping) => mapping.endsWith(`:${containerPort}`))).toBe(true);
    if (name !== "web") expect(service!.build!.args?.WORKSPACE).toBe(spec.dir);
    for (const need of spec.needs) expect(service!.depends_on?.[INFRA_SERVICE[need]]?.condition, `${name} waits for ${need}`).toBe("service_healthy");
    for (const dependency of Object.keys(service!.depends_on ?? {})) expect(compose.services[dependency], dependency).toBeDefined();
  });

  it.each(nodeProcesses.map((spec) => [spec.name, spec] as const))("gives %s an environment its config accepts in production", async (name, spec) => {
    const schema = await envSchemaOf(spec.dir);
    const environment = resolveDefaults(compose.services[name]!.environment ?? {});
    expect(environment.NODE_ENV).toBe("production");
    expect(() => parseConfig(name, schema, environment)).not.toThrow();
    expect(Number(environment.PORT)).toBe(spec.port);
  });
});

describe(".env.example", () => {
  const documented = new Set(
    readFileSync(".env.example", "utf8")
      .split("\n")
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );

  it("documents every variable any process reads, and nothing no process reads", async () => {
    const read = new Set<string>();
    for (const spec of nodeProcesses) for (const key of Object.keys((await envSchemaOf(spec.dir)).shape)) read.add(key);
    expect([...read].filter((name) => !documented.has(name)), "read but not documented").toEqual([]);
    expect([...documented].filter((name) => !read.has(name)), "documented but read by no process").toEqual([]);
  });
});
