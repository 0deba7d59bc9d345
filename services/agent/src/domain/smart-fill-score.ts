import type { TEventDate } from "@amia/contracts";
import { parseSchedule, referenceFrom } from "./schedule-parser.ts";
import { PHRASE_ZONES, type ExpectedFill, type SmartFillPhrase } from "./smart-fill-phrases.ts";

/*
 * Scores the offline parser against the phrase set: a phrase counts only when every field is
 * exactly as expected (title, place, both dates in the phrase's zone, people, problems).
 * Used by `npm run eval:smart-fill` and by smart-fill-phrases.test.ts.
 */

export interface PhraseMiss {
  phrase: string;
  zone: string;
  expected: ExpectedFill;
  got: ExpectedFill;
}

export interface PhraseScore {
  exact: number;
  total: number;
  share: number;
  misses: PhraseMiss[];
}

function dateText(value: TEventDate | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  const text = value.date ?? value.date_time;
  return value.time_zone === timeZone ? text : `${text} (${value.time_zone})`;
}

/** The parser's answer in the phrase set's terms. */
export function fillOf(phrase: SmartFillPhrase): ExpectedFill {
  const { timeZone, now } = PHRASE_ZONES[phrase.zone];
  const parsed = parseSchedule(phrase.phrase, referenceFrom(now, timeZone));
  const got: ExpectedFill = {};
  if (parsed.title !== undefined) got.title = parsed.title;
  if (parsed.location !== undefined) got.location = parsed.location;
  const start = dateText(parsed.start_date, timeZone);
  const end = dateText(parsed.end_date, timeZone);
  if (start !== undefined) got.start = start;
  if (end !== undefined) got.end = end;
  if (parsed.people.length > 0) got.people = parsed.people;
  if (parsed.recurrence !== undefined) got.recurrence = parsed.recurrence;
  if (parsed.problems && parsed.problems.length > 0) got.problems = parsed.problems.map((problem) => problem.message);
  return got;
}

const canonical = (fill: ExpectedFill) =>
  JSON.stringify([fill.title, fill.location, fill.start, fill.end, fill.people ?? [], fill.problems ?? [], fill.recurrence ?? null]);

export function isExact(phrase: SmartFillPhrase): boolean {
  return canonical(fillOf(phrase)) === canonical(phrase.expected);
}

export function scorePhrases(phrases: SmartFillPhrase[]): PhraseScore {
  const misses: PhraseMiss[] = [];
  for (const phrase of phrases) {
    const got = fillOf(phrase);
    if (canonical(got) !== canonical(phrase.expected)) misses.push({ phrase: phrase.phrase, zone: PHRASE_ZONES[phrase.zone].timeZone, expected: phrase.expected, got });
  }
  const exact = phrases.length - misses.length;
  return { exact, total: phrases.length, share: phrases.length === 0 ? 0 : exact / phrases.length, misses };
}
