import { readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { parseConfig } from "@amia/kit";
import { contentSecurityPolicy, CSP_NONCE_PLACEHOLDER, HSTS_HEADER, SECURITY_HEADERS } from "../bff/src/security/headers.ts";
import { ZWebServerEnvSchema } from "../scripts/web-server/env.ts";
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

/**
 * nginx.conf's `location … { … }` blocks, each with its directives as [name, …args] (quotes
 * removed): a tokenizer for what the file uses — words, quoted strings, `;`, braces, comments.
 */
function nginxLocations(conf: string): Map<string, string[][]> {
  const tokens = [...conf.replace(/^\s*#.*$/gm, "").matchAll(/"([^"]*)"|'([^']*)'|([{};])|([^\s{};"']+)/g)].map((token) => ({ text: token[1] ?? token[2] ?? token[3] ?? token[4]!, isPunctuation: token[3] !== undefined }));
  const locations = new Map<string, string[][]>();
  let statement: string[] = [];
  let location: { name: string; directives: string[][] } | undefined;
  for (const token of tokens) {
    if (!token.isPunctuation) statement.push(token.text);
    else if (token.text === "{") {
      if (statement[0] === "location") location = { name: statement.slice(1).join(" "), directives: [] };
      statement = [];
    } else if (token.text === ";") {
      location?.directives.push(statement);
      statement = [];
    } else {
      if (location) locations.set(location.name, location.directives);
      location = undefined;
    }
  }
  return locations;
}

describe("deploy/docker/nginx.conf", () => {
  const conf = readFileSync("deploy/docker/nginx.conf", "utf8");
  const locations = nginxLocations(conf);
  const addedHeaders = (location: string) =>
    Object.fromEntries((locations.get(location) ?? []).filter(([name]) => name === "add_header").map(([, header, value, always]) => [header!.toLowerCase(), { value, always }]));

  it.each(["= /healthz", "/"])("sets bff/src/security/headers.ts's headers, always, where it answers itself (%s)", (location) => {
    const expected = { ...SECURITY_HEADERS, "content-security-policy": contentSecurityPolicy("$request_id"), "strict-transport-security": "$amia_hsts" };
    expect(addedHeaders(location)).toEqual(Object.fromEntries(Object.entries(expected).map(([header, value]) => [header, { value, always: "always" }])));
  });

  it("sends HSTS only for https, with the module's value", () => {
    expect(conf).toContain(`https   "${HSTS_HEADER["strict-transport-security"]}";`);
    expect(conf).toMatch(/map \$http_x_forwarded_proto \$amia_hsts \{[^}]*default\s+"";/);
  });

  it("writes each response's nonce into index.html in place of Vite's placeholder", () => {
    const directives = locations.get("/") ?? [];
    expect(directives).toContainEqual(["sub_filter", CSP_NONCE_PLACEHOLDER, "$request_id"]);
    expect(directives).toContainEqual(["sub_filter_once", "off"]);
  });

  it("leaves the BFF's answers with the BFF's own headers (no second policy)", () => {
    for (const location of ["/api/", "/.well-known/"]) expect(addedHeaders(location), location).toEqual({});
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
    // The web app's production server (npm start; compose runs nginx instead).
    for (const key of Object.keys(ZWebServerEnvSchema.shape)) read.add(key);
    expect([...read].filter((name) => !documented.has(name)), "read but not documented").toEqual([]);
    expect([...documented].filter((name) => !read.has(name)), "documented but read by no process").toEqual([]);
  });
});
