import { readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { parseConfig } from "@amia/kit";
import { contentSecurityPolicy, CSP_NONCE_PLACEHOLDER, HSTS_HEADER, SECURITY_HEADERS } from "../bff/src/security/headers.ts";
import { ZWebServerEnvSchema } from "../scripts/web-server/env.ts";
import { dockerfileStages } from "./docker/dockerfile.ts";
import { nodeOptions, PROCESSES } from "./processes.ts";

/**
 * No Docker engine (nor compose plugin) runs on our machines, so `docker compose config` cannot
 * check docker-compose.yml here. This test does what it would, and more: every process has a
 * buildable entry with a health check and its port, and the environment compose gives each
 * Node process satisfies that process's own config schema in production mode.
 */

interface ComposeService {
  image?: string;
  profiles?: string[];
  networks?: Record<string, { aliases?: string[] } | null>;
  command?: string[];
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
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

/**
 * A service's environment as compose resolves it with the given variables set in the shell
 * (none: every default): `${VAR:-default}` and `${VAR-default}`, and a variable without a value,
 * which is the shell's when set there and absent otherwise.
 */
function resolveDefaults(environment: Record<string, string | null>, shell: Record<string, string> = {}): Record<string, string> {
  const resolve = (value: string) =>
    value.replace(/\$\{(\w+)(:?)-([^}]*)\}/g, (_match, name: string, colon: string, fallback: string) => {
      const set = shell[name];
      return set === undefined || (colon === ":" && set === "") ? fallback : set;
    });
  return Object.fromEntries(
    Object.entries(environment).flatMap(([key, value]) => (value === null ? (shell[key] === undefined ? [] : [[key, shell[key]]]) : [[key, resolve(value)]])),
  );
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
    const stage = dockerfileStages(dockerfile).find((candidate) => candidate.name === service!.build!.target);
    expect(stage, `Dockerfile stage ${service!.build!.target}`).toBeDefined();
    // The image's HEALTHCHECK, or compose's own.
    expect(service!.healthcheck?.test ?? stage!.instructions.find(({ keyword }) => keyword === "HEALTHCHECK")).toBeDefined();
    const containerPort = name === "web" ? 80 : spec.port;
    expect(service!.ports?.some((mapping) => mapping.endsWith(`:${containerPort}`))).toBe(true);
    // NODE_OPTIONS: the process's V8 flags, from the one place npm start and deploy/k8s take them too.
    if (name !== "web") expect(service!.build!.args).toEqual({ WORKSPACE: spec.dir, PORT: String(spec.port), NODE_OPTIONS: nodeOptions(spec) });
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

describe("docker-compose.yml: sign-in inside compose", () => {
  const provider = resolveDefaults(compose.services["oidc-provider"]!.environment ?? {});
  const bff = resolveDefaults(compose.services.bff!.environment ?? {});
  const issuer = new URL(bff.OIDC_ISSUER!);

  it("gives the BFF and the provider one issuer string (every token names it, the BFF checks it)", () => {
    expect(bff.OIDC_ISSUER).toBe(provider.OIDC_PROVIDER_ISSUER);
  });

  it("names the provider by a host the BFF's container resolves to it: a network alias of the provider on a network the BFF shares", () => {
    expect(issuer.hostname).not.toBe("localhost");
    const bffNetworks = Object.keys(compose.services.bff!.networks ?? { default: null });
    const providerNames = Object.entries(compose.services["oidc-provider"]!.networks ?? { default: null })
      .filter(([network]) => bffNetworks.includes(network))
      .flatMap(([, settings]) => ["oidc-provider", ...(settings?.aliases ?? [])]);
    expect(providerNames).toContain(issuer.hostname);
    expect(issuer.port).toBe(provider.PORT);
  });

  it("names the provider by a host the browser resolves to this machine (*.localhost), where the provider's port is published as is", () => {
    expect(issuer.hostname).toMatch(/^[a-z0-9-]+\.localhost$/);
    expect(compose.services["oidc-provider"]!.ports).toContain(`${issuer.port}:${provider.PORT}`);
  });

  it("registers the BFF's callback at the origin the browser uses (the web container's published port)", () => {
    const origin = new URL(bff.PUBLIC_ORIGIN!);
    expect(provider.OIDC_REDIRECT_URIS!.split(",")).toContain(`${origin.origin}/api/v1/auth/callback`);
    expect(compose.services.web!.ports).toContain(`${origin.port}:80`);
  });
});

describe("docker-compose.yml: the observability profile", () => {
  const lgtm = compose.services.lgtm;
  // The command the compose file's header documents.
  const shell = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://lgtm:4318" };

  it("runs grafana/otel-lgtm, pinned, only in the observability profile, with OTLP/HTTP and Grafana published", () => {
    expect(lgtm?.image).toMatch(/^grafana\/otel-lgtm:\d+\.\d+\.\d+$/);
    expect(lgtm?.profiles).toEqual(["observability"]);
    expect(lgtm?.ports).toEqual(expect.arrayContaining(["4318:4318", "3300:3000"]));
    expect(readFileSync("docker-compose.yml", "utf8")).toContain(`${Object.entries(shell)[0]!.join("=")} docker compose --profile observability up`);
  });

  it.each(nodeProcesses.map((spec) => [spec.name, spec] as const))("gives %s the OTLP endpoint when the documented command sets it, and none otherwise", async (name, spec) => {
    const service = compose.services[name]!;
    expect(service.profiles, "runs without the profile").toBeUndefined();
    const on = resolveDefaults(service.environment ?? {}, shell);
    const off = resolveDefaults(service.environment ?? {});
    expect([on.OTEL_EXPORTER_OTLP_ENDPOINT, off.OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual(["http://lgtm:4318", undefined]);
    const schema = await envSchemaOf(spec.dir);
    // The sign-in stand-in (deploy/oidc-provider: Google's place, no spans of ours) reads no such variable.
    const expected = "OTEL_EXPORTER_OTLP_ENDPOINT" in schema.shape ? ["http://lgtm:4318", undefined] : [undefined, undefined];
    const parsed = [on, off].map((environment) => (parseConfig(name, schema, environment) as { OTEL_EXPORTER_OTLP_ENDPOINT?: string }).OTEL_EXPORTER_OTLP_ENDPOINT);
    expect(parsed).toEqual(expected);
    if (name !== "oidc-provider") expect(expected[0], `${name} reads OTEL_EXPORTER_OTLP_ENDPOINT`).toBe("http://lgtm:4318");
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
