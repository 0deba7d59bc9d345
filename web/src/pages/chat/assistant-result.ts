import type { TAssistantResult, TEventRequestStatus } from "@amia/contracts";
import { statusLabel, statusTone, type PillTone } from "../../lib/event-status.ts";
import { personName } from "./proposal-card.ts";

/*
 * Words for the assistant's structured answers (issue 10: list events, find free time), pure
 * so they are tested without a browser.
 */

type FreeTime = Extract<TAssistantResult, { kind: "free_time" }>;
type Person = FreeTime["people"][number];

/** Why someone's busy times were not read, in plain words; null when they were. */
export function unsharedNote(person: Person, myUserId: string | null): string | null {
  if (person.shared) return null;
  const isMe = person.user_id === myUserId;
  const name = personName(person);
  switch (person.reason) {
    case "not_shared":
      return `${name} doesn't share free/busy, so their calendar wasn't checked.`;
    case "not_connected":
      return `${name} isn't one of your connections, so their calendar wasn't checked.`;
    case "calendar_not_connected":
      return isMe ? "Your Google Calendar isn't connected, so your own busy times weren't checked." : `${name} hasn't connected a Google Calendar, so their busy times weren't checked.`;
    default:
      return isMe ? "Your calendar wasn't checked." : `${name}'s calendar wasn't checked.`;
  }
}

const KNOWN_STATUSES = new Set<string>(["pending", "approved", "rejected"]);

/** An event's status as its pill (the events screens' words and tones); unknown ones are neutral. */
export function eventStatusPill(status: string): { label: string; tone: PillTone } {
  if (!KNOWN_STATUSES.has(status)) return { label: status, tone: "neutral" };
  return { label: statusLabel(status as TEventRequestStatus), tone: statusTone(status as TEventRequestStatus) };
}
