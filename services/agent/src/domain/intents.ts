/*
 * What a message asks for, offline (no model): the first thing the offline assistant decides.
 * Questions come first, and a question never leads to a write: "What events do I have this
 * week?" is a list, not an event titled "What events do I have". Pure; unit-tested on the
 * phrasings people use.
 */

export type IntentKind = "list" | "free_time" | "create" | "change" | "cancel" | "help";

export interface Intent {
  kind: IntentKind;
  /** Whether it was phrased as a question (a question never becomes a create). */
  isQuestion: boolean;
  /** A create asked for in words ("schedule …"), not just a statement that may name an event. */
  isExplicit?: boolean;
}

const QUESTION_START =
  /^(what|what's|whats|which|when|where|who|how|why|do|does|did|am|are|is|can|could|would|will|should|have|has|any|anything|show|list|tell|give)\b/i;

const FREE_TIME =
  /\b(free|available|availability|free\s*time|free\s*slots?|open\s*slots?|a\s+slot|gap|both\s+free|time\s+to\s+meet|when\s+(can|could|should)\s+(we|i)\s+meet|find\s+(a\s+|some\s+)?time|find\s+(a\s+|an\s+)?(free\s+)?(hour|slot|window|moment|minute))\b/i;

const LIST =
  /\b(what('s| is)?\s+(on|happening|planned|coming\s+up)|what\s+(events?|meetings?|plans?|appointments?)|do\s+i\s+have|have\s+i\s+got|my\s+(schedule|agenda|calendar|events?|meetings?|plans?|week|day|requests?)|show\s+(me\s+)?(my\s+)?(week|day|events?|calendar|schedule|agenda)|list\s+(my\s+)?(events?|meetings?|requests?)|upcoming|agenda|anything\s+(on|planned|scheduled)|am\s+i\s+(busy|doing))\b/i;

const CANCEL = /^(please\s+)?(can\s+you\s+)?(cancel|delete|remove|call\s+off|drop|scrap|unschedule)\b/i;
const CHANGE = /^(please\s+)?(can\s+you\s+)?(move|reschedule|change|rename|retitle|push|shift|update|postpone|bring\s+forward|relocate|make)\b/i;
const CREATE = /^(please\s+)?(can\s+you\s+|could\s+you\s+)?(create|schedule|add|book|set\s+up|plan|put|arrange|organi[sz]e|new\s+event|draft|invite)\b/i;

/** "make it 3pm" / "make lunch an hour": a change; "make a reservation ..." reads as a create. */
const MAKE_CHANGE = /^(please\s+)?make\s+(it|the|my|lunch|dinner|breakfast|meeting|the\s+\w+)\b.*\b(at|to|an?\s+hour|longer|shorter|\d)/i;

export function classifyIntent(message: string): Intent {
  const text = message.trim();
  const isQuestion = text.endsWith("?") || QUESTION_START.test(text);
  const imperativeFind = /^(please\s+)?(find|look\s+for|search\s+for|suggest)\b/i.test(text);

  if (FREE_TIME.test(text) && (isQuestion || imperativeFind)) return { kind: "free_time", isQuestion };
  if (imperativeFind && /\b(time|slot|hour|window|moment)\b/i.test(text)) return { kind: "free_time", isQuestion };
  if (CANCEL.test(text)) return { kind: "cancel", isQuestion };
  if (CHANGE.test(text) && (!/^(please\s+)?make\b/i.test(text) || MAKE_CHANGE.test(text))) return { kind: "change", isQuestion };
  if (LIST.test(text) && (isQuestion || /^(please\s+)?(show|list|what)/i.test(text))) return { kind: "list", isQuestion };
  if (CREATE.test(text)) return { kind: "create", isQuestion: false, isExplicit: true };
  if (isQuestion) return { kind: LIST.test(text) ? "list" : "help", isQuestion };
  // A statement such as "Lunch with Bruno Friday at 1pm" is a create when it names a when; the
  // caller checks that (it has the parser), so it is "create" here and falls back to help there.
  return { kind: "create", isQuestion: false, isExplicit: false };
}
