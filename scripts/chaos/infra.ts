/**
 * The fault suite's own Kafka, FerretDB (+ PostgreSQL) and Redis: deploy/local/infra.sh with
 * ports and a run folder of their own (INFRA_RUN_DIR), so restarting them never touches the
 * infrastructure everyone else's tests use. A piece is stopped by the pid file infra.sh wrote
 * (checked against the program's command line, as infra.sh does) and brought back by
 * `infra.sh up`, which starts only what is not running.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = new URL("../../", import.meta.url).pathname;

export type InfraPiece = "kafka" | "db" | "redis";

export interface PrivateInfra {
  env: { KAFKA_BROKERS: string; MONGO_URL: string; REDIS_URL: string };
  runDir: string;
  /** Starts what is not running; resolves when each piece answers. */
  up: () => Promise<void>;
  /** Stops one piece (its processes: the database is FerretDB and PostgreSQL). */
  stop: (piece: InfraPiece) => Promise<void>;
  /** `infra.sh down`: everything of this run folder. */
  down: () => Promise<void>;
}

/** Each piece's processes: pid file under the run folder, what its command line holds, the stop signal. */
const processesOf = (runDir: string): Record<InfraPiece, Array<{ pidFile: string; pattern: string; signal: NodeJS.Signals }>> => ({
  kafka: [{ pidFile: "kafka/kafka.pid", pattern: "kafka.Kafka", signal: "SIGTERM" }],
  // FerretDB first; SIGINT is PostgreSQL's fast shutdown (infra.sh's pg_down does the same).
  db: [
    { pidFile: "ferretdb/ferretdb.pid", pattern: "ferretdb-local", signal: "SIGTERM" },
    { pidFile: "postgres/postgres.pid", pattern: `${runDir}/postgres/data`, signal: "SIGINT" },
  ],
  redis: [{ pidFile: "redis/redis.pid", pattern: "redis-server", signal: "SIGTERM" }],
});

export const CHAOS_PORTS = { KAFKA_PORT: 19092, KAFKA_CONTROLLER_PORT: 19093, MONGO_PORT: 27117, REDIS_PORT: 16479, POSTGRES_PORT: 54429 };

export function privateInfra(runDir = `${ROOT}deploy/local/.run/chaos`, ports = CHAOS_PORTS): PrivateInfra {
  const env = { ...process.env, INFRA_RUN_DIR: runDir, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) };
  const infraSh = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      // Asynchronous: the suite's flows and the stand-ins keep running while a piece starts.
      const child = spawn("bash", [`${ROOT}deploy/local/infra.sh`, ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
      let log = "";
      child.stderr.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000)));
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`infra.sh ${args.join(" ")} exited ${code}:\n${log}`))));
    });

  const pidOf = (pidFile: string, pattern: string): number | null => {
    try {
      const pid = Number(readFileSync(`${runDir}/${pidFile}`, "utf8").trim());
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      return commandLine.includes(pattern) ? pid : null;
    } catch {
      return null;
    }
  };
  const isAlive = (pid: number) => {
    try {
      // A zombie (exited, not reaped yet) is gone for our purposes.
      return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  };

  return {
    env: { KAFKA_BROKERS: `127.0.0.1:${ports.KAFKA_PORT}`, MONGO_URL: `mongodb://127.0.0.1:${ports.MONGO_PORT}/`, REDIS_URL: `redis://127.0.0.1:${ports.REDIS_PORT}` },
    runDir,
    up: () => infraSh("up"),
    down: () => infraSh("down"),
    async stop(piece) {
      for (const { pidFile, pattern, signal } of processesOf(runDir)[piece]) {
        const pid = pidOf(pidFile, pattern);
        if (pid === null) continue;
        process.kill(pid, signal);
        const deadline = Date.now() + 30_000;
        while (isAlive(pid) && Date.now() < deadline) await sleep(100);
        if (isAlive(pid)) process.kill(pid, "SIGKILL");
        while (isAlive(pid)) await sleep(100);
      }
    },
  };
}
