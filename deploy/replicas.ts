import { TOPIC_PARTITIONS } from "@amia/contracts";
import type { ProcessSpec } from "./processes.ts";

/**
 * `npm start -- --replicas notifications=3,events=2`: several processes of one service, as a
 * cluster would run them. Each replica is the same entry point with the same environment (so the
 * same database and the same consumer groups: Kafka shares each topic's partitions among them)
 * on a port of its own: the first keeps the service's port, replica k (2, 3, ...) gets
 * port + 100·(k-1) (events: 4003, 4103, 4203). The callers (the BFF, the agent) get every
 * replica's URL, comma-separated, and balance over them themselves (@amia/kit's balancer).
 */

/**
 * At most 9 replicas: ports stay within port + 800, clear of every other process's port (a unit
 * test checks), and below every topic's partitions (more would sit idle in their groups).
 */
export const MAX_REPLICAS = Math.min(9, ...Object.values(TOPIC_PARTITIONS));

export const REPLICA_PORT_STEP = 100;

export class ReplicasArgumentError extends Error {
  constructor(message: string) {
    super(`--replicas: ${message}`);
    this.name = "ReplicasArgumentError";
  }
}

/** The processes that may run as several replicas: the services (services/*), not the BFF, the web server or the stand-ins. */
export function replicable(processes: readonly ProcessSpec[]): ProcessSpec[] {
  return processes.filter((spec) => spec.dir === `services/${spec.name}`);
}

/**
 * Parses "notifications=3,events=2" into service → replica count, refusing (with a message that
 * names the argument and what is allowed) an unknown or non-service name, a count that is not a
 * whole number from 1 to MAX_REPLICAS, a name given twice, or an empty list.
 */
export function parseReplicas(value: string | undefined, processes: readonly ProcessSpec[]): Map<string, number> {
  const names = replicable(processes).map((spec) => spec.name);
  const usage = `expected service=count[,service=count...], e.g. --replicas notifications=3,events=2 (services: ${names.join(", ")}; count 1-${MAX_REPLICAS})`;
  if (value === undefined || value.trim() === "" || value.startsWith("--")) throw new ReplicasArgumentError(`no value; ${usage}`);
  const counts = new Map<string, number>();
  for (const part of value.split(",")) {
    const match = /^\s*([a-z-]+)\s*=\s*(\S*)\s*$/.exec(part);
    if (!match) throw new ReplicasArgumentError(`"${part}" is not service=count; ${usage}`);
    const [, name = "", countText = ""] = match;
    if (!names.includes(name)) {
      const isProcess = processes.some((spec) => spec.name === name);
      throw new ReplicasArgumentError(`${isProcess ? `"${name}" is not a service that runs as replicas` : `unknown service "${name}"`}; ${usage}`);
    }
    if (counts.has(name)) throw new ReplicasArgumentError(`"${name}" is given twice; ${usage}`);
    const count = /^\d+$/.test(countText) ? Number(countText) : Number.NaN;
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
      throw new ReplicasArgumentError(`"${name}=${countText}": the count must be a whole number from 1 to ${MAX_REPLICAS}; ${usage}`);
    }
    counts.set(name, count);
  }
  return counts;
}

/** The `--replicas` value from the command line (`--replicas x=2` or `--replicas=x=2`); undefined when absent. */
export function replicasArgument(argv: readonly string[]): { isGiven: boolean; value: string | undefined } {
  const index = argv.findIndex((arg) => arg === "--replicas" || arg.startsWith("--replicas="));
  if (index < 0) return { isGiven: false, value: undefined };
  const arg = argv[index]!;
  return { isGiven: true, value: arg === "--replicas" ? argv[index + 1] : arg.slice("--replicas=".length) };
}

export interface ReplicaSpec extends ProcessSpec {
  /** The service this process is a replica of (its own name for the first one). */
  service: string;
}

/**
 * Every process to start, each service's replicas right after its first one: `events`, then
 * `events#2` on port 4103, `events#3` on 4203.
 */
export function withReplicas(processes: readonly ProcessSpec[], counts: ReadonlyMap<string, number>): ReplicaSpec[] {
  return processes.flatMap((spec) =>
    Array.from({ length: counts.get(spec.name) ?? 1 }, (_, index) => ({
      ...spec,
      service: spec.name,
      name: index === 0 ? spec.name : `${spec.name}#${index + 1}`,
      port: spec.port + REPLICA_PORT_STEP * index,
    })),
  );
}

/**
 * The variables that tell the callers where each replicated service's replicas are
 * (`EVENTS_URL=http://127.0.0.1:4003,http://127.0.0.1:4103`): what the BFF and the agent read.
 * Services run with one replica are left to their defaults.
 */
export function replicaUrlsEnv(specs: readonly ReplicaSpec[], counts: ReadonlyMap<string, number>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [service, count] of counts) {
    if (count < 2) continue;
    const urls = specs.filter((spec) => spec.service === service).map((spec) => `http://127.0.0.1:${spec.port}`);
    env[`${service.toUpperCase()}_URL`] = urls.join(",");
  }
  return env;
}
