import { foldName } from "./people.ts";

/*
 * Which of the user's event requests "move lunch with Bruno to 2pm" or "cancel the board
 * meeting" is about: the one whose title shares the most meaningful words with the message.
 * Several equally good: the assistant asks; none: it says so. Pure.
 */

const NOISE = new Set(
  "a an the my our your to on at in for of from with and or it its this that next last please can could would you me i move reschedule change rename retitle push shift update postpone bring forward relocate make cancel delete remove call off drop scrap unschedule location place venue title time date start end instead be".split(" "),
);

function meaningfulWords(text: string): string[] {
  return foldName(text)
    .split(" ")
    .filter((word) => word.length > 1 && !NOISE.has(word) && !/^\d/.test(word));
}

export interface TargetCandidate {
  id: string;
  title: string | null;
}

export type TargetMatch<T extends TargetCandidate> = { kind: "found"; target: T } | { kind: "ambiguous"; candidates: T[] } | { kind: "none" };

/** `subject` is the part of the message that names the event (before " to ..."). */
export function matchTarget<T extends TargetCandidate>(subject: string, candidates: readonly T[]): TargetMatch<T> {
  const wanted = new Set(meaningfulWords(subject));
  if (wanted.size === 0) return { kind: "none" };
  const scored = candidates
    .map((candidate) => {
      const words = new Set(meaningfulWords(candidate.title ?? ""));
      let shared = 0;
      for (const word of wanted) if (words.has(word)) shared++;
      return { candidate, shared, score: shared / Math.max(words.size, 1) };
    })
    .filter(({ shared }) => shared > 0);
  if (scored.length === 0) return { kind: "none" };
  const best = Math.max(...scored.map(({ shared }) => shared));
  const top = scored.filter(({ shared }) => shared === best);
  const bestScore = Math.max(...top.map(({ score }) => score));
  const winners = top.filter(({ score }) => score === bestScore).map(({ candidate }) => candidate);
  return winners.length === 1 ? { kind: "found", target: winners[0]! } : { kind: "ambiguous", candidates: winners };
}

export type ChangeRequest =
  | { kind: "title"; subject: string; value: string }
  | { kind: "location"; subject: string; value: string }
  | { kind: "when"; subject: string; value: string }
  | { kind: "unclear"; subject: string };

/** What a change message asks to change, and the words that name the event. */
export function readChange(message: string): ChangeRequest {
  const text = message.trim().replace(/[.!?]+$/, "");
  const body = text.replace(/^(please\s+)?(can\s+you\s+|could\s+you\s+)?/i, "");
  let match = /^(?:rename|retitle)\s+(.+?)\s+(?:to|as)\s+(.+)$/i.exec(body) ?? /^change\s+the\s+(?:title|name)\s+of\s+(.+?)\s+to\s+(.+)$/i.exec(body);
  if (match) return { kind: "title", subject: match[1]!, value: match[2]!.replace(/^["'“]|["'”]$/g, "") };
  match =
    /^(?:change|update|move|set)\s+the\s+(?:location|place|venue)\s+of\s+(.+?)\s+to\s+(.+)$/i.exec(body) ??
    /^(?:relocate|move)\s+(.+?)\s+to\s+(?:the\s+)?(?:place|venue|location)\s+(.+)$/i.exec(body) ??
    /^(?:change|update)\s+(.+?)(?:'s)?\s+(?:location|place|venue)\s+to\s+(.+)$/i.exec(body);
  if (match) return { kind: "location", subject: match[1]!, value: match[2]! };
  match = /^(?:move|reschedule|push|shift|postpone|bring\s+forward|change|make)\s+(.+?)\s+(?:to|until|till|for)\s+(.+)$/i.exec(body);
  if (match) return { kind: "when", subject: match[1]!, value: match[2]! };
  return { kind: "unclear", subject: body.replace(/^\w+\s+/, "") };
}
