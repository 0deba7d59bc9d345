import type { TProposalPerson } from "@amia/contracts";

/*
 * "with Bruno" → one of the user's connections, or a question. Never a guess: a name that fits
 * several connections is ambiguous, one that fits nobody is unknown, and the card asks.
 */

export type NameResolution =
  | { kind: "found"; name: string; person: TProposalPerson }
  | { kind: "ambiguous"; name: string; candidates: TProposalPerson[] }
  | { kind: "unknown"; name: string };

/** Lower case, accents and punctuation folded: "José" and "jose" are the same name. */
export function foldName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.\s'-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function words(person: TProposalPerson): string[] {
  return foldName(person.full_name ?? "").split(" ").filter(Boolean);
}

/**
 * How well a connection fits a name: 3 the full name, 2 the whole email, 1 a first name, a run
 * of the name's words ("Bruno" for "Bruno Costa", "Costa" too) or the email's local part, 0
 * not at all.
 */
function fit(name: string, person: TProposalPerson): number {
  const wanted = foldName(name);
  if (!wanted) return 0;
  const full = words(person).join(" ");
  if (full && full === wanted) return 3;
  const email = (person.email ?? "").toLowerCase();
  if (email && email === wanted) return 2;
  if (email && email.split("@")[0] === wanted) return 1;
  const wantedWords = wanted.split(" ");
  const have = words(person);
  for (let at = 0; at + wantedWords.length <= have.length; at++) {
    if (wantedWords.every((word, offset) => have[at + offset] === word)) return 1;
  }
  return 0;
}

/** The connection a name names: the best fit when exactly one connection has it. */
export function resolveName(name: string, connections: readonly TProposalPerson[]): NameResolution {
  const scored = connections.map((person) => ({ person, score: fit(name, person) })).filter(({ score }) => score > 0);
  if (scored.length === 0) return { kind: "unknown", name };
  const best = Math.max(...scored.map(({ score }) => score));
  const top = scored.filter(({ score }) => score === best).map(({ person }) => person);
  return top.length === 1 ? { kind: "found", name, person: top[0]! } : { kind: "ambiguous", name, candidates: top };
}

/** The display name of a connection: the name, else the email, else "someone". */
export function displayName(person: Pick<TProposalPerson, "full_name" | "email">): string {
  return person.full_name?.trim() || person.email || "someone";
}
