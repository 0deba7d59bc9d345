import { ZSmartParseResultSchema, type TSmartParseResult } from "@amia/contracts";
import { applySmartFill, type EventFormValues } from "../../lib/event-form.ts";

/*
 * The event form opened already filled in (the assistant's proposal card, "Change"): the
 * fields travel in the router state as a smart-fill result, and are applied with the same rule
 * smart-fill uses. Router state outlives the page (back, reload), so it is validated.
 */

export interface EventPrefillState {
  prefill: TSmartParseResult;
}

export function eventPrefillState(prefill: TSmartParseResult): EventPrefillState {
  return { prefill };
}

/** The prefill in a location's state, or null when there is none (or it is not one). */
export function readEventPrefill(state: unknown): TSmartParseResult | null {
  if (typeof state !== "object" || state === null || !("prefill" in state)) return null;
  const parsed = ZSmartParseResultSchema.safeParse((state as { prefill: unknown }).prefill);
  return parsed.success ? parsed.data : null;
}

/** `values` with the prefill applied; on edit the reviewer stays (approvers are set at creation). */
export function withPrefill(values: EventFormValues, prefill: TSmartParseResult | null, mode: "create" | "edit"): EventFormValues {
  if (prefill === null) return values;
  return applySmartFill(values, mode === "edit" ? { ...prefill, approvers: undefined } : prefill);
}
