import type { TChatMessage } from "@amia/contracts";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";
import { offlineBecause, type CreditsChecker } from "./credits.ts";
import { modelTurn, type ModelConfig } from "./model-assistant.ts";
import { offlineTurn } from "./offline-assistant.ts";
import type { TurnContext, TurnPart } from "./turn.ts";

/*
 * A chat turn: with a model configured and credits left, the model's tool loop; otherwise the
 * offline assistant (saying why, when it stands in for the model). Either way the parts are
 * text, proposals and results — never a write.
 */

export type { ModelConfig } from "./model-assistant.ts";

export interface ChatTurnInput {
  ctx: TurnContext;
  history: readonly Pick<TChatMessage, "role" | "content">[];
  context: { current_date?: string | undefined; current_time?: string | undefined };
  model: ModelConfig | undefined;
  usage: UsageRecorder;
  credits: CreditsChecker;
}

/** Splits text into word-boundary pieces, so an offline answer streams like a model's. */
export function pieces(value: string, count = 4): string[] {
  const words = value.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const out: string[] = [];
  for (let at = 0; at < words.length; at += size) out.push(words.slice(at, at + size).join(""));
  return out;
}

async function* streamedOffline(message: string, ctx: TurnContext, preface = ""): AsyncGenerator<TurnPart> {
  if (preface) yield { type: "text", content: preface };
  for await (const part of offlineTurn(message, ctx)) {
    if (part.type === "text") for (const piece of pieces(part.content)) yield { type: "text", content: piece };
    else yield part;
  }
}

export async function* chatTurn({ ctx, history, context, model, usage, credits }: ChatTurnInput): AsyncGenerator<TurnPart> {
  const message = history.at(-1)!.content;
  if (!model) {
    yield* streamedOffline(message, ctx);
    return;
  }
  const verdict = await credits.check(ctx.userId, ctx.reads);
  if (verdict.kind !== "allowed") {
    yield* streamedOffline(message, ctx, offlineBecause(verdict));
    return;
  }
  yield* modelTurn(ctx, history, context, model, usage);
}
