/**
 * Benchmark (not a test): time to the first chunk of a chat answer, measured by the caller from
 * sending the request to reading the first streamed text, over 100 chats (default), for:
 *
 *   - direct:  the `openai`-wire stand-in alone (POST /v1/chat/completions, stream: true);
 *   - agent:   the agent service alone, called as the BFF calls it (a token minted by the BFF's
 *              keys): validation, the credit check, the openai SDK → the same stand-in;
 *   - via BFF: browser → BFF (session, rate limit, token mint) → agent → the same stand-in, and
 *              the delta back through both streams.
 *
 * The difference between the first and the last is what our path adds before the first token;
 * the middle row splits it between the BFF's hop and the agent's. The stand-in answers each chat
 * with one text turn in 5 chunks and no delay, so the model itself costs ~nothing.
 *
 *   npm run bench:chat                   100 chats per target
 *   npm run bench:chat -- --chats 500
 *   npm run bench:chat -- --pause 200    wait 200 ms before each chat (see pauseMs)
 *
 * Two runs. First the real processes (scripts/bench/stack.ts: the BFF, the agent, identity,
 * events and usage each their own Node process from their bundles, as `npm start` and the images
 * run them; the stand-in and the client in this one), beside the cost of one round trip between
 * processes on this machine. Then everything in this one process, as in a test: no process hops,
 * so it counts our code's own work (the figure issue 10's target has been read on), and Node's
 * diagnostics channels see every hop for the per-hop breakdown (chat-stages.ts).
 * `--processes-only` / `--in-process-only` run one of them. Needs the local infrastructure
 * (`npm run infra -- up`) or KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 */
import { createOpenAiStandIn } from "../../deploy/openai-stand-in/src/stand-in.ts";
import { createWorld, type World } from "../../bff/src/testing/world.ts";
import { createEventsService } from "../../services/events/src/app.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createAgentService } from "../../services/agent/src/app.ts";
import { createUsageService } from "../../services/usage/src/app.ts";
import { AGENT_ON_BEHALF_OF } from "../../bff/src/routes/catalogue.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../bff/src/security/csrf.ts";
import { traceChatStages } from "./chat-stages.ts";
import { numberOption } from "./options.ts";
import { startStack } from "./stack.ts";

const chats = numberOption("chats", 100);
const WARM_UP = 5;
/**
 * `--pause <ms>` before each timed chat: the previous chat's bookkeeping (its stored turn, its
 * usage billed through Kafka by the usage service) is done by then, as between one person's
 * messages, instead of running on these 2 cores during the next chat's timing.
 */
const pauseMs = numberOption("pause", 0);

/** ms from the call until the first body bytes carrying text, then reads the stream to its end. */
async function firstChunkMs(send: () => Promise<Response>, hasText: (text: string) => boolean): Promise<number> {
  const started = performance.now();
  const response = await send();
  if (!response.ok || !response.body) throw new Error(`chat failed: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let first = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    seen += decoder.decode(chunk.value, { stream: true });
    if (!first && hasText(seen)) first = performance.now() - started;
  }
  if (!first) throw new Error(`no text in the stream: ${seen.slice(0, 300)}`);
  return first;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function measure(label: string, once: () => Promise<number>) {
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < chats; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    samples.push(await once());
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

const quickTurn = { text: "Sure, here is your plan for tomorrow.", chunks: 5 };
const chatBody = { messages: [{ role: "user", content: "What should I plan tomorrow?" }], metadata: {}, context: { timezone: "Europe/Lisbon" } };
const isModelText = (text: string) => /"content":"[^"]+"/.test(text);
const isOurText = (text: string) => text.includes('"type":"text"');
type Row = Awaited<ReturnType<typeof measure>>;

/** The stand-in's own stream, called as the openai SDK calls it. */
const callStandIn = (url: string) =>
  fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer bench-key" },
    body: JSON.stringify({ model: "gpt-4o-mini", stream: true, stream_options: { include_usage: true }, messages: chatBody.messages }),
  });

/** The agent's chat, called as the BFF calls it. */
const callAgent = (url: string, token: string) =>
  fetch(`${url}/api/v1/agent/commands/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify(chatBody),
  });

function printRows(title: string, rows: { direct: Row; agent: Row; viaBff: Row }) {
  console.log(title);
  console.table([rows.direct, rows.agent, rows.viaBff].map((row) => ({ target: row.label, "p50 ms": row.p50.toFixed(2), "p99 ms": row.p99.toFixed(2), "mean ms": row.mean.toFixed(2) })));
  console.log(`Added by the agent alone: p50 +${(rows.agent.p50 - rows.direct.p50).toFixed(2)} ms; by the BFF's hop: p50 +${(rows.viaBff.p50 - rows.agent.p50).toFixed(2)} ms`);
  console.log(`Added by BFF + agent: p50 +${(rows.viaBff.p50 - rows.direct.p50).toFixed(2)} ms, p99 +${(rows.viaBff.p99 - rows.direct.p99).toFixed(2)} ms`);
}

/** BFF, agent and the services they call as their own processes, as production runs them. */
async function inProcesses() {
  // Credits without end: a free plan's budget lasts about 375 of these chats, and a chat over
  // budget is answered offline (a longer run measured that, 50 ms, instead of the model path).
  const stack = await startStack("bench_chat", ["identity", "events", "agent", "usage"], { RATE_LIMIT_CHAT_PER_MINUTE: "1000000", AI_CREDITS_FREE: "1000000" }, { openai: true });
  try {
    const standIn = stack.openai!;
    const user = await stack.signIn("bench-chat@example.com", "Bench Chat");
    const cookie = await stack.sessionCookie(user);
    const direct = await measure("stand-in directly", () => {
      standIn.script([quickTurn]);
      return firstChunkMs(() => callStandIn(standIn.url), isModelText);
    });
    const agent = await measure("agent directly", async () => {
      standIn.script([quickTurn]);
      const token = await stack.bearer(user, ["agent", ...AGENT_ON_BEHALF_OF]);
      return firstChunkMs(() => callAgent(stack.serviceUrl.agent, token), isOurText);
    });
    const viaBff = await measure("BFF + agent", () => {
      standIn.script([quickTurn]);
      return firstChunkMs(
        () =>
          fetch(`${stack.bffUrl}/api/v1/agent/commands/chat`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json", accept: "text/event-stream", origin: stack.bffUrl, [CSRF_HEADER]: CSRF_HEADER_VALUE },
            body: JSON.stringify(chatBody),
          }),
        isOurText,
      );
    });
    // The floor of a hop between processes on this machine: one round trip to an idle route.
    const hop = await measure("GET /healthz on the agent's process", async () => {
      const started = performance.now();
      await (await fetch(`${stack.serviceUrl.agent}/healthz`)).text();
      return performance.now() - started;
    });
    printRows(`Real processes (one event loop each, as deployed): time to first chunk over ${chats} chats each (after ${WARM_UP} warm-up chats)`, { direct, agent, viaBff });
    console.log(`One round trip to another process here (GET /healthz on the agent): p50 ${hop.p50.toFixed(2)} ms, p99 ${hop.p99.toFixed(2)} ms`);
  } finally {
    await stack.close();
  }
}

/** Everything in this process, so the diagnostics channels see each hop: the per-hop breakdown. */
async function inOneProcess() {
  const standIn = await createOpenAiStandIn({ port: 0 });
  let world: World | undefined;
  try {
    world = await createWorld({
      label: "bench-chat",
      services: {
        identity: createIdentityService,
        events: createEventsService,
        // The credit check's routes only: the usage consumer (pricing each usage event, summing the
        // month) runs in its own process in production; started here it would share this one's
        // event loop with the chats being timed.
        usage: async (deps) => ({ ...(await createUsageService(deps)), start: async () => {}, stop: async () => {} }),
        agent: (deps) =>
          createAgentService({
            openai: { baseURL: standIn.url, apiKey: "bench-key", model: "gpt-4o-mini" },
            serviceUrls: () => ({ events: world!.services.events!.served.url, relationships: "http://127.0.0.1:9", notifications: "http://127.0.0.1:9", calendar: "http://127.0.0.1:9", usage: world!.services.usage!.served.url }),
          })(deps),
      },
      env: { RATE_LIMIT_CHAT_PER_MINUTE: "1000000" },
    });
    const browser = await world.signedIn("bench-chat@example.com", "Bench Chat");
    const direct = await measure("stand-in directly", () => {
      standIn.script([quickTurn]);
      return firstChunkMs(() => callStandIn(standIn.url), isModelText);
    });
    const stages = traceChatStages({ bff: world.bff.url, agent: world.services.agent!.served.url, model: standIn.url });
    const viaBff = await measure("BFF + agent", () => {
      standIn.script([quickTurn]);
      return firstChunkMs(() => browser.call("POST", "/api/v1/agent/commands/chat", chatBody, { headers: { accept: "text/event-stream" } }), isOurText);
    });
    const stageRows = stages.stop();
    const me = (await (await browser.call("GET", "/api/v1/auth/session")).json()) as { user: { id: string; email: string } };
    const principal = { id: me.user.id, email: me.user.email, kind: "user" as const };
    const agent = await measure("agent directly", async () => {
      standIn.script([quickTurn]);
      const token = await world!.bff.keys.mint(principal, ["agent", ...AGENT_ON_BEHALF_OF]);
      return firstChunkMs(() => callAgent(world!.services.agent!.served.url, token), isOurText);
    });
    printRows(`\nOne process (BFF, services, stand-in and client share an event loop, as in a test): over ${chats} chats each`, { direct, agent, viaBff });
    console.log("Where a chat through the BFF spends its time until its first text, in this one process (median of each step):");
    console.table(stageRows);
  } finally {
    await world?.close();
    await standIn.close();
  }
}

if (!process.argv.includes("--in-process-only")) await inProcesses();
if (!process.argv.includes("--processes-only")) await inOneProcess();
