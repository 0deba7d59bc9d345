import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobQueue, createRedis, defineJob } from "@amia/kit";
import { createSessionStore } from "../../bff/src/sessions/session-store.ts";

/*
 * deploy/local's Redis keeps its data across a restart (append-only file): BFF sessions and
 * queued jobs are still there afterwards. A PRIVATE Redis, started by infra.sh itself on a port
 * and run folder of its own: the shared one is never restarted.
 */

let runDir: string;
let port: number;

const infra = (...args: string[]) => {
  const result = spawnSync("bash", ["deploy/local/infra.sh", ...args], {
    env: { ...process.env, INFRA_RUN_DIR: runDir, REDIS_PORT: String(port) },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`infra.sh ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });

beforeAll(async () => {
  runDir = mkdtempSync(join(tmpdir(), "amia-redis-aof-"));
  port = await freePort();
  expect(infra("up", "redis")).toBe(`REDIS_URL=redis://127.0.0.1:${port}\n`);
}, 60_000);
afterAll(() => {
  infra("down", "redis");
  rmSync(runDir, { recursive: true, force: true });
});

const LIFETIME = { idleMs: 3_600_000, absoluteMs: 86_400_000 };
const job = defineJob({ queue: "aof-check", schema: z.object({ note: z.string() }), attempts: 1, backoffMs: 10 });

describe("deploy/local Redis", () => {
  it("keeps a signed-in session and a queued job across a restart", async () => {
    const url = `redis://127.0.0.1:${port}`;
    const before = createRedis({ url });
    const bullBefore = createRedis({ url, forBullMQ: true });
    expect(await before.config("GET", "appendonly")).toEqual(["appendonly", "yes"]);
    const session = await createSessionStore({ redis: before, lifetime: LIFETIME }).create({ id: "user-ana", email: "ana@example.com" });
    const queue = createJobQueue(job, { connection: bullBefore });
    await queue.enqueue("job-1", { note: "still here" });
    await queue.close();
    before.disconnect();
    bullBefore.disconnect();

    // A restart: SIGTERM, then a new process on the same run folder.
    infra("down", "redis");
    infra("up", "redis");

    const after = createRedis({ url });
    const bullAfter = createRedis({ url, forBullMQ: true });
    try {
      expect(await createSessionStore({ redis: after, lifetime: LIFETIME }).read(session.id)).toMatchObject({ user_id: "user-ana", email: "ana@example.com" });
      const queueAfter = createJobQueue(job, { connection: bullAfter });
      const kept = await queueAfter.queue.getJob("job-1");
      expect(kept?.data).toMatchObject({ note: "still here" });
      expect(await kept?.getState()).toBe("waiting");
      await queueAfter.close();
    } finally {
      after.disconnect();
      bullAfter.disconnect();
    }
  });
});
