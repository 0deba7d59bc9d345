import type { TAssistantResult, TProposal } from "@amia/contracts";
import type { UserServices } from "../tools/user-services.ts";
import type { Proposer } from "./propose.ts";

/*
 * One chat turn's world: who asks, in which zone and at what time, the read-only calls it may
 * make as the user, and the proposer. Offline and model turns both yield `TurnPart`s; the route
 * streams them and stores them in the conversation.
 */

export type TurnPart = { type: "text"; content: string } | { type: "proposal"; proposal: TProposal } | { type: "result"; result: TAssistantResult };

export interface TurnContext {
  userId: string;
  requestId: string;
  timeZone: string;
  nowMs: number;
  /** Reads only: a turn cannot write (tools/user-services.ts `readOnlyServices`). */
  reads: UserServices;
  proposer: Proposer;
  signal?: AbortSignal | undefined;
}

export const text = (content: string): TurnPart => ({ type: "text", content });

/** The text of a turn's parts, joined: the answer as the non-streaming chat and the history keep it. */
export const textOf = (parts: readonly TurnPart[]): string => parts.flatMap((part) => (part.type === "text" ? [part.content] : [])).join("");
