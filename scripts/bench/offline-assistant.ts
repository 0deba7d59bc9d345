/**
 * Benchmark (not a test): how long the offline assistant takes from a message to its proposal
 * card — intent, the date parser, name resolution against the user's connections, and storing the
 * proposal in the real database — over 200 turns (default) of "Lunch with Bruno Friday at 1pm at
 * Joe's", beside the floor: one bare insert of a document of the same size into the same database
 * in the same run. The user's connections are answered in memory (what the relationships service
 * would return), so the figure is the agent's own work plus its one write.
 *
 *   npm run bench:assistant
 *   npm run bench:assistant -- --turns 1000
 *
 * Needs the local infrastructure (`npm run infra -- up`) or MONGO_URL.
 */
import { randomUUID } from "node:crypto";
import { connectMongo } from "@amia/kit";
import { quietLogger, testInfra } from "@amia/kit/testing";
import { offlineTurn } from "../../services/agent/src/operations/offline-assistant.ts";
import { createProposer } from "../../services/agent/src/operations/propose.ts";
import type { TurnContext, TurnPart } from "../../services/agent/src/operations/turn.ts";
import { createProposalsStore } from "../../services/agent/src/store/proposals-store.ts";
import type { UserServices } from "../../services/agent/src/tools/user-services.ts";
import { numberOption } from "./options.ts";

const turns = numberOption("turns", 200);
const WARM_UP = 20;
const MESSAGE = "Lunch with Bruno Friday at 1pm at Joe's";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: `bench_assistant_${randomUUID().slice(0, 8)}`, logger: quietLogger() });
try {
  const store = createProposalsStore(mongo.db);
  const connections = { relationships: [{ id: "r1", created_at: new Date().toISOString(), other_user: { id: "u-bruno", full_name: "Bruno Costa", email: "bruno@example.com" } }], skip: 0, take: 100, total_count: 1 };
  const reads: UserServices = { call: async () => ({ status: 200, body: connections }) };

  const once = async (): Promise<number> => {
    const started = performance.now();
    const ctx: TurnContext = {
      userId: "u-ana",
      requestId: randomUUID(),
      timeZone: "Europe/Lisbon",
      nowMs: Date.now(),
      reads,
      proposer: createProposer({ store, reads, userId: "u-ana", conversationId: null, nowMs: Date.now, ttlMs: 30 * 60_000 }),
    };
    const parts: TurnPart[] = [];
    for await (const part of offlineTurn(MESSAGE, ctx)) parts.push(part);
    const elapsed = performance.now() - started;
    const proposal = parts.find((part) => part.type === "proposal");
    if (proposal?.type !== "proposal" || proposal.proposal.event.reviewers[0]?.user_id !== "u-bruno") throw new Error("the turn made no proposal naming Bruno");
    return elapsed;
  };

  const floorOnce = async (): Promise<number> => {
    const started = performance.now();
    await mongo.db.collection("floor").insertOne({ _id: randomUUID() as never, padding: "x".repeat(1500) });
    return performance.now() - started;
  };

  const measure = async (label: string, run: () => Promise<number>) => {
    for (let i = 0; i < WARM_UP; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < turns; i++) samples.push(await run());
    samples.sort((a, b) => a - b);
    return { target: label, "p50 ms": percentile(samples, 50).toFixed(2), "p99 ms": percentile(samples, 99).toFixed(2), "max ms": samples.at(-1)!.toFixed(2) };
  };

  console.log(`Offline assistant, message → proposal card, over ${turns} turns each (after ${WARM_UP} warm-up):`);
  console.table([await measure("intent + parse + proposal (stored)", once), await measure("floor: one insert, same database", floorOnce)]);
} finally {
  await mongo.db.dropDatabase().catch(() => undefined);
  await mongo.close();
}
