import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { ZWebServerEnvSchema } from "../scripts/web-server/env.ts";
import { OBSERVER, processEnv } from "./observe.ts";
import { PROCESSES } from "./processes.ts";

/**
 * `npm start -- --observe` wiring, without running Jaeger: each process gets the OTLP endpoint
 * deploy/local/jaeger/config.yaml receives on and reads it; without --observe nothing changes.
 */
const jaeger = parse(readFileSync(OBSERVER.config, "utf8")) as {
  receivers: { otlp: { protocols: { http: { endpoint: string } } } };
  extensions: { jaeger_query: { http: { endpoint: string } }; healthcheckv2: { http: { endpoint: string } } };
  service: { pipelines: { traces: { receivers: string[] } } };
};

async function envSchemaOf(dir: string): Promise<z.ZodObject> {
  if (dir === ".") return ZWebServerEnvSchema;
  const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(dir, "src/env.ts")).href)) as Record<string, unknown>;
  return Object.entries(module).find(([name]) => /^Z\w+EnvSchema$/.test(name))![1] as z.ZodObject;
}

describe("npm start -- --observe", () => {
  it("points at the addresses Jaeger's config listens on, all on this machine", () => {
    expect(jaeger.service.pipelines.traces.receivers).toContain("otlp");
    expect(`http://${jaeger.receivers.otlp.protocols.http.endpoint}`).toBe(OBSERVER.otlpEndpoint);
    expect(`http://${jaeger.extensions.jaeger_query.http.endpoint}`).toBe(OBSERVER.queryUrl);
    expect(OBSERVER.healthUrl.startsWith(`http://${jaeger.extensions.healthcheckv2.http.endpoint}/`)).toBe(true);
    for (const url of [OBSERVER.otlpEndpoint, OBSERVER.queryUrl, OBSERVER.healthUrl]) expect(new URL(url).hostname).toBe("127.0.0.1");
  });

  it.each(PROCESSES.map((spec) => [spec.name, spec] as const))("gives %s the OTLP endpoint, which its config reads, over any in the shell", async (name, spec) => {
    const env = processEnv(spec, { PATH: "/usr/bin", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector.example:4318" }, true);
    expect(env).toMatchObject({ PATH: "/usr/bin", PORT: String(spec.port), OTEL_EXPORTER_OTLP_ENDPOINT: OBSERVER.otlpEndpoint });
    const field = (await envSchemaOf(spec.dir)).shape.OTEL_EXPORTER_OTLP_ENDPOINT as z.ZodType | undefined;
    // The sign-in stand-in (deploy/oidc-provider) makes no spans of ours and reads no such variable.
    expect(field?.parse(env.OTEL_EXPORTER_OTLP_ENDPOINT)).toBe(name === "oidc-provider" ? undefined : OBSERVER.otlpEndpoint);
  });

  it("changes nothing without --observe: the shell's endpoint, or none", () => {
    const [spec] = PROCESSES;
    expect(processEnv(spec!, { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector.example:4318" }, false).OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://collector.example:4318");
    expect(processEnv(spec!, {}, false)).toEqual({ PORT: String(spec!.port) });
  });
});
