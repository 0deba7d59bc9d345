import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";

/**
 * Where the milliseconds before a chat's first text go, through BFF + agent: the bench runs every
 * hop in one process, so Node's own diagnostics channels (undici's fetch, node:http's server) see
 * each hop start and answer. Each chat through the BFF is one timeline; the median of each step
 * is printed beside the totals, so a figure over target says which step to look at.
 */

interface Origins {
  bff: string;
  agent: string;
  model: string;
}

type Mark =
  | "client sends"
  | "BFF receives"
  | "BFF forwards"
  | "agent receives"
  | "agent calls model"
  | "model receives"
  | "model answers"
  | "agent reads the model's first text"
  | "BFF reads the agent's text"
  | "client reads the BFF's text";

/** In order, each step from one mark to the next. */
const STEPS: ReadonlyArray<[Mark, Mark, string]> = [
  ["client sends", "BFF receives", "client → BFF (HTTP)"],
  ["BFF receives", "BFF forwards", "BFF: session, rate limit, token, body"],
  ["BFF forwards", "agent receives", "BFF → agent (HTTP)"],
  ["agent receives", "agent calls model", "agent: auth, validation, credits, SDK request"],
  ["agent calls model", "model receives", "openai SDK → model (HTTP)"],
  ["model receives", "model answers", "model stand-in answers"],
  ["model answers", "agent reads the model's first text", "model's first text reaches the agent"],
  ["agent reads the model's first text", "BFF reads the agent's text", "agent: SDK parses, streams the text"],
  ["BFF reads the agent's text", "client reads the BFF's text", "BFF relays the text to the client"],
];

const portOf = (url: string) => new URL(url).port;

export function traceChatStages(origins: Origins) {
  const ports = { bff: portOf(origins.bff), agent: portOf(origins.agent), model: portOf(origins.model) };
  const timelines: Array<Partial<Record<Mark, number>>> = [];
  let current: Partial<Record<Mark, number>> | undefined;
  const mark = (name: Mark) => {
    if (current && current[name] === undefined) current[name] = performance.now();
  };
  const isChat = (path: string) => path.includes("/chat");

  const onFetch = (message: unknown) => {
    const { request } = message as { request: { origin: string; path: string } };
    if (!isChat(request.path)) return;
    const port = portOf(String(request.origin));
    if (port === ports.bff) {
      current = {};
      timelines.push(current);
      mark("client sends");
    } else if (port === ports.agent) mark("BFF forwards");
    else if (port === ports.model) mark("agent calls model");
  };
  const onServer = (message: unknown) => {
    const { request, server } = message as { request: { url: string }; server: { address: () => { port: number } } };
    if (!isChat(request.url)) return;
    const port = String(server.address().port);
    if (port === ports.bff) mark("BFF receives");
    else if (port === ports.agent) mark("agent receives");
    else if (port === ports.model) mark("model receives");
  };
  const onHeaders = (message: unknown) => {
    const { request } = message as { request: { origin: string; path: string } };
    if (isChat(request.path) && portOf(String(request.origin)) === ports.model) mark("model answers");
  };
  // Body bytes carrying the first text: the model's (a `content` delta; its first chunk names only
  // the role), then the agent's and the BFF's (`"type":"text"`; the agent's first event names the
  // conversation, before the model is called).
  const decoder = new TextDecoder();
  const onBodyBytes = (message: unknown) => {
    const { request, chunk } = message as { request: { origin: string; path: string }; chunk: Uint8Array };
    if (!isChat(request.path) || !current) return;
    const text = decoder.decode(chunk);
    const port = portOf(String(request.origin));
    if (port === ports.model && /"content":"[^"]/.test(text)) mark("agent reads the model's first text");
    else if (port === ports.agent && text.includes('"type":"text"')) mark("BFF reads the agent's text");
    else if (port === ports.bff && text.includes('"type":"text"')) mark("client reads the BFF's text");
  };
  const channels: Array<[string, (message: unknown) => void]> = [
    ["undici:request:create", onFetch],
    ["undici:request:bodyChunkReceived", onBodyBytes],
    ["http.server.request.start", onServer],
    ["undici:request:headers", onHeaders],
  ];
  for (const [name, listener] of channels) subscribe(name, listener);

  return {
    /** Stops listening; the median of each step over the chats that passed every mark. */
    stop(): Array<{ step: string; "p50 ms": string }> {
      for (const [name, listener] of channels) unsubscribe(name, listener);
      const complete = timelines.filter((timeline) => STEPS.every(([from, to]) => timeline[from] !== undefined && timeline[to] !== undefined));
      return STEPS.map(([from, to, step]) => {
        const spans = complete.map((timeline) => timeline[to]! - timeline[from]!).sort((a, b) => a - b);
        return { step, "p50 ms": spans.length ? spans[Math.floor(spans.length / 2)]!.toFixed(2) : "n/a" };
      });
    },
  };
}
