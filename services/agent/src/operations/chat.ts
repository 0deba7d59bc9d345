import type OpenAI from "openai";
import type { TChatRequest } from "@amia/contracts";
import { parseSchedule, wallClockAt, type ParsedSchedule } from "../domain/schedule-parser.ts";
import { runTool, TOOL_DEFINITIONS } from "../tools/tools.ts";
import type { UserServices } from "../tools/user-services.ts";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";

/*
 * A chat turn as a stream of text deltas: with a model, the OpenAI tool loop (tool results go
 * back to the model, at most MAX_ROUNDS calls, the final answer streams as it is generated);
 * without one, the offline mode (chrono-node parser + the same create_event_request tool).
 */

export const MAX_ROUNDS = 5;
export const OFFLINE_MODEL = "amia-offline";

export interface ChatTurn {
  request: TChatRequest;
  userId: string;
  requestId: string;
  services: UserServices;
  signal?: AbortSignal | undefined;
}

export interface ModelConfig {
  client: OpenAI;
  model: string;
}

function systemPrompt(request: TChatRequest): string {
  const { current_date, current_time, timezone } = request.context;
  return [
    "You are Amia, a calendar assistant. You help the user plan events, see their event requests, relationships and notifications, and find free time.",
    "Use the tools to act for the user; create_event_request makes a draft the user reviews. Never claim to have done something a tool did not confirm.",
    "Dates you pass to tools are the user's wall clock (YYYY-MM-DDTHH:MM) in their time zone; all-day events use date (YYYY-MM-DD). Default duration: 15 minutes.",
    `Today is ${current_date ?? "unknown"}, the time is ${current_time ?? "unknown"}, the user's time zone is ${timezone ?? "UTC"}.`,
    "Answer briefly, in markdown.",
  ].join("\n");
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export async function* modelChat(turn: ChatTurn, model: ModelConfig, usage: UsageRecorder): AsyncGenerator<string> {
  const messages: Message[] = [
    { role: "system", content: systemPrompt(turn.request) },
    ...turn.request.messages.map((message): Message => ({ role: message.role, content: message.content })),
  ];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const lastRound = round === MAX_ROUNDS;
    const stream = await model.client.chat.completions.create(
      {
        model: model.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        // The last round may only answer, so the loop always ends in text.
        ...(lastRound ? {} : { tools: TOOL_DEFINITIONS }),
      },
      turn.signal ? { signal: turn.signal } : {},
    );
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let text = "";
    for await (const chunk of stream) {
      if (chunk.usage) {
        await usage.record({
          userId: turn.userId,
          requestId: turn.requestId,
          feature: "chat",
          model: chunk.model || model.model,
          promptTokens: chunk.usage.prompt_tokens,
          completionTokens: chunk.usage.completion_tokens,
        });
      }
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        yield delta.content;
      }
      for (const call of delta.tool_calls ?? []) {
        const known = calls.get(call.index) ?? { id: "", name: "", arguments: "" };
        if (call.id) known.id = call.id;
        if (call.function?.name) known.name += call.function.name;
        if (call.function?.arguments) known.arguments += call.function.arguments;
        calls.set(call.index, known);
      }
    }
    if (calls.size === 0) return;
    const ordered = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    messages.push({
      role: "assistant",
      content: text || null,
      tool_calls: ordered.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } })),
    });
    for (const call of ordered) {
      let args: Record<string, unknown> = {};
      try {
        args = call.arguments ? (JSON.parse(call.arguments) as Record<string, unknown>) : {};
      } catch {
        messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ error: true, message: "arguments were not valid JSON" }) });
        continue;
      }
      const outcome = await runTool(turn.services, call.name, args).catch((error: unknown) => ({
        content: JSON.stringify({ error: true, message: `the tool failed: ${error instanceof Error ? error.message : String(error)}` }),
      }));
      messages.push({ role: "tool", tool_call_id: call.id, content: outcome.content });
    }
  }
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Wed 11 Mar" from "2026-03-11". */
function dayLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${day} ${MONTHS[month - 1]}`;
}

/** "Wed 11 Mar, 12:00–12:15" / "Fri 20 Mar – Fri 27 Mar" / "Sat 14 Mar (all day)". */
export function whenLabel(parsed: ParsedSchedule): string {
  const start = parsed.start_date!;
  const end = parsed.end_date!;
  if (start.date !== undefined) {
    return end.date && end.date !== start.date ? `${dayLabel(start.date)} – ${dayLabel(end.date)}` : `${dayLabel(start.date)} (all day)`;
  }
  const [startDay, startTime] = start.date_time!.split("T") as [string, string];
  const [endDay, endTime] = end.date_time!.split("T") as [string, string];
  return endDay === startDay
    ? `${dayLabel(startDay)}, ${startTime.slice(0, 5)}–${endTime.slice(0, 5)}`
    : `${dayLabel(startDay)}, ${startTime.slice(0, 5)} – ${dayLabel(endDay)}, ${endTime.slice(0, 5)}`;
}

export const OFFLINE_HELP = [
  "I'm running in **offline mode** (no AI model is configured), so I understand scheduling requests only.",
  "",
  "Try something like:",
  "- *Lunch with Sarah tomorrow at noon at Joe's Pizza*",
  "- *Team sync next Monday 10am for 30 minutes*",
  "- *Holiday March 20 to March 27*",
  "",
  "I'll draft the event request for you to review.",
].join("\n");

/** Splits an answer into word-boundary pieces, so the offline answer streams like a model's. */
export function pieces(text: string, count = 4): string[] {
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const out: string[] = [];
  for (let at = 0; at < words.length; at += size) out.push(words.slice(at, at + size).join(""));
  return out;
}

/** The offline answer: a draft when the last message names a when and a what, else help. */
export async function offlineAnswer(turn: ChatTurn, nowMs = Date.now()): Promise<string> {
  const last = turn.request.messages.at(-1)!.content;
  const timeZone = turn.request.context.timezone ?? "UTC";
  const parsed = parseSchedule(last, { now: wallClockAt(nowMs, timeZone), timeZone });
  if (!parsed.hasWhen || !parsed.title || !parsed.start_date || !parsed.end_date) return OFFLINE_HELP;
  const outcome = await runTool(turn.services, "create_event_request", {
    title: parsed.title,
    ...(parsed.location ? { location: parsed.location } : {}),
    start_date: parsed.start_date,
    end_date: parsed.end_date,
  });
  if (!outcome.created) return `I understood *${parsed.title}* for ${whenLabel(parsed)}, but could not draft it: the events service refused (${outcome.content}).`;
  const where = parsed.location ? ` at ${parsed.location}` : "";
  // With nobody asked to review, the events service approves it at once and the calendar service
  // adds it to Google Calendar: say so, rather than promise a review step that will not happen.
  return `I've drafted *${parsed.title}* for ${whenLabel(parsed)}${where}. Nobody needs to review it, so it goes straight to your calendar; you'll find it in your event requests.`;
}

export async function* offlineChat(turn: ChatTurn): AsyncGenerator<string> {
  for (const piece of pieces(await offlineAnswer(turn))) yield piece;
}
