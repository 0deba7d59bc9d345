import { z } from "zod";

/**
 * Each process parses its environment once, at start-up, with one zod schema (STYLE.md §7).
 * Nothing else in a service reads process.env.
 */

type Env = Record<string, string | undefined>;

/** Strict "true"/"false": `z.coerce.boolean()` would turn "false" into true. */
export const envBoolean = z.enum(["true", "false"]).transform((value) => value === "true");
export const envPort = z.coerce.number().int().min(0).max(65_535);
export const envPositiveInt = z.coerce.number().int().positive();
/** A comma-separated list; blanks dropped. */
export const envList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string()).min(1, "must list at least one value"));
const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * The base URL of a service, or of each of its replicas, comma-separated
 * (`http://127.0.0.1:4003,http://127.0.0.1:4103`): the caller balances over them itself
 * (http/balancer.ts). Each must be http(s); a trailing slash is dropped; none listed twice.
 */
export const envServiceUrls = envList
  .pipe(z.array(z.string().refine(isHttpUrl, "must be an http(s) URL such as http://127.0.0.1:4003").transform((value) => value.replace(/\/+$/, ""))))
  .refine((urls) => new Set(urls).size === urls.length, "lists the same URL twice");
export const envMongoUrl = z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, "must be a mongodb:// URL");
export const envRedisUrl = z.string().regex(/^rediss?:\/\/\S+$/, "must be a redis:// URL");
/** A 32-byte key (AES-256), base64-encoded, for secrets at rest (crypto/secret-cipher.ts). */
export const envAes256Key = z
  .string()
  .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes, base64-encoded (openssl rand -base64 32)");

export const NODE_ENVS = ["development", "test", "production"] as const;
export type TNodeEnv = (typeof NODE_ENVS)[number];

/** What every process has. */
export const serviceEnvShape = {
  NODE_ENV: z.enum(NODE_ENVS).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: envPositiveInt.default(256 * 1024),
  /**
   * Where traces go over OTLP/HTTP (the OpenTelemetry variable's own name and meaning: spans are
   * sent to `<endpoint>/v1/traces`). Unset: tracing is off and costs nothing.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
};

export const mongoEnvShape = {
  MONGO_URL: envMongoUrl,
  /** Each service owns its own database; tests give each test its own name. */
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, "letters, digits, _ and - only").optional(),
};

export const kafkaEnvShape = {
  KAFKA_BROKERS: envList,
  /** Prepended to every topic name; lets tests share one broker without sharing topics. */
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]*$/).default(""),
};

export const redisEnvShape = {
  REDIS_URL: envRedisUrl,
  REDIS_KEY_PREFIX: z.string().default(""),
};

export const internalAuthEnvShape = {
  /** Where the BFF publishes the keys it signs internal JWTs with. */
  INTERNAL_JWKS_URL: z.url(),
  INTERNAL_JWT_ISSUER: z.string().min(1).default("amia-bff"),
};

/**
 * Outside production, an unset infrastructure variable falls back to the local stack that
 * `deploy/local/infra.sh up` starts, so `npm start` needs no .env. Production has no defaults:
 * an unset MONGO_URL there is an error that names it.
 */
export const LOCAL_DEFAULTS: Readonly<Record<string, string>> = {
  MONGO_URL: "mongodb://127.0.0.1:27017/",
  KAFKA_BROKERS: "127.0.0.1:9092",
  REDIS_URL: "redis://127.0.0.1:6379",
  INTERNAL_JWKS_URL: "http://127.0.0.1:3000/.well-known/jwks.json",
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(processName: string, problems: string[]) {
    super(`Invalid configuration for ${processName}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Parses `env` with `schema`; throws a ConfigError naming every bad or missing variable. */
export function parseConfig<S extends z.ZodType>(
  processName: string,
  schema: S,
  env: Env = process.env,
  defaults: Readonly<Record<string, string>> = LOCAL_DEFAULTS,
): z.output<S> {
  const isProduction = env.NODE_ENV === "production";
  const effective: Env = isProduction ? { ...env } : { ...defaults, ...definedOnly(env) };
  const result = schema.safeParse(effective);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(environment)";
    const isMissing = issue.path.length > 0 && effective[String(issue.path[0])] === undefined;
    return isMissing ? `${name} is not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(processName, problems);
}

/** parseConfig for a process entry point: on error, says what is wrong and exits non-zero. */
export function loadConfig<S extends z.ZodType>(
  processName: string,
  schema: S,
  env: Env = process.env,
  defaults: Readonly<Record<string, string>> = LOCAL_DEFAULTS,
): z.output<S> {
  try {
    return parseConfig(processName, schema, env, defaults);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

function definedOnly(env: Env): Env {
  // An empty variable counts as unset, as in most shells' `${VAR:-default}`.
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
}
