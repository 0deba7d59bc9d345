/*
 * How long an event lasts when the description gives a start but no end (docs/decisions.md
 * "Smart-fill parser"): an explicit duration ("for 45 minutes", "a 30-minute call") wins;
 * otherwise a default by kind, so a lunch is an hour, not SPEC.md's 15 minutes (that rule is
 * the event form's, for a start time picked by hand).
 */

/** Where an event's length came from: said outright, a written range ("2pm to 5pm"), or our default. */
export type DurationSource = "explicit" | "range" | "default";

export interface DefaultDuration {
  minutes: number;
  /** Plain words for the card: "default for a meal". */
  reason: string;
}

/** The default for anything the table does not name: an hour, as most calendars do. */
export const FALLBACK_DURATION_MINUTES = 60;

// The first of these words in reading order decides ("Meeting over coffee" is a meeting).
const KINDS: Array<{ kind: string; minutes: number; words: string[] }> = [
  { kind: "a meal", minutes: 60, words: ["breakfast", "brunch", "lunch", "dinner", "supper", "drinks"] },
  { kind: "a coffee", minutes: 30, words: ["coffee"] },
  { kind: "a call", minutes: 30, words: ["call", "phone call", "video call"] },
  { kind: "a stand-up", minutes: 30, words: ["standup", "stand-up", "stand up"] },
  { kind: "a check-in", minutes: 30, words: ["check-in", "checkin", "sync", "catch-up", "catchup", "1:1", "one-on-one"] },
  { kind: "a meeting", minutes: 60, words: ["meeting", "interview", "appointment"] },
];

const KIND_WORD = new RegExp(
  `(?<![\\p{L}\\d-])(${KINDS.flatMap((row) => row.words)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, "\\s+"))
    .join("|")})(?![\\p{L}\\d-])`,
  "iu",
);

/** The default length for a title, by the first kind word in it. */
export function defaultDuration(title: string): DefaultDuration {
  const match = KIND_WORD.exec(title);
  const word = match?.[1]?.toLowerCase().replace(/\s+/g, " ");
  const row = word === undefined ? undefined : KINDS.find((kind) => kind.words.includes(word));
  return row ? { minutes: row.minutes, reason: `default for ${row.kind}` } : { minutes: FALLBACK_DURATION_MINUTES, reason: "default" };
}

/** Evening kinds: "dinner at 8" means 20:00. */
export const EVENING_WORDS = /\b(dinner|supper|drinks|party|concert)\b/i;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  fifteen: 15, twenty: 20, thirty: 30, forty: 40, "forty-five": 45, fifty: 50, sixty: 60, ninety: 90,
};
const AMOUNT = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join("|")})`;
const HOURS = "(?:hours?|hrs?|h)";
const MINUTES = "(?:minutes?|mins?|m)";

/** "for 45 minutes", "for an hour", "for 1h30", "for 1 hour and 15 minutes", "for half an hour". */
export const FOR_DURATION = new RegExp(
  `\\bfor\\s+(?:about\\s+|around\\s+|roughly\\s+)?(?:(half\\s+an\\s+hour)|(an?\\s+hour\\s+and\\s+a\\s+half)|(a\\s+couple\\s+of\\s+hours)|` +
    `${AMOUNT}\\s*(${HOURS}|${MINUTES})(?:\\s*(?:and\\s+)?(\\d{1,2})\\s*${MINUTES}?)?)(?![\\p{L}\\d])`,
  "iu",
);

/** "a 30-minute call", "2-hour workshop": an explicit duration that stays in the title. */
export const ADJECTIVE_DURATION = /\b(\d+(?:\.\d+)?)-(minute|min|hour|hr)\b/i;

function amountOf(text: string): number {
  const word = text.toLowerCase();
  return NUMBER_WORDS[word] ?? Number(word);
}

/** Minutes a FOR_DURATION match names. */
export function minutesOfFor(match: RegExpExecArray): number {
  if (match[1]) return 30;
  if (match[2]) return 90;
  if (match[3]) return 120;
  const amount = amountOf(match[4]!);
  const isHours = new RegExp(`^${HOURS}$`, "i").test(match[5]!);
  const extra = match[6] ? Number(match[6]) : 0;
  return Math.round(isHours ? amount * 60 + extra : amount);
}

/** Minutes an ADJECTIVE_DURATION match names. */
export function minutesOfAdjective(match: RegExpExecArray): number {
  const amount = Number(match[1]);
  return Math.round(/^h/i.test(match[2]!) ? amount * 60 : amount);
}
