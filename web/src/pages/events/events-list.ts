import type { TEventRequest } from "@amia/contracts";
import { UNTITLED_EVENT } from "../../lib/truncate.ts";

/*
 * The Events list's URL state and card rules (SPEC.md section 2 "Events list"). The page keeps
 * its role and page in the query string (`?role=reviewer&page=2`) so Back and reload keep them.
 */

/** SPEC.md section 9: event requests are listed 10 a page. */
export const EVENTS_PAGE_SIZE = 10;

export type EventsRole = "creator" | "reviewer";

export const ROLE_OPTIONS: ReadonlyArray<{ value: EventsRole; label: string }> = [
  { value: "creator", label: "My requests" },
  { value: "reviewer", label: "To review" },
];

/** `?role=`: "reviewer" or, for anything else (or nothing), "creator". */
export function parseRole(value: string | null): EventsRole {
  return value === "reviewer" ? "reviewer" : "creator";
}

/** `?page=`: a whole number from 1; anything else is page 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function skipForPage(page: number, take: number = EVENTS_PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * take;
}

/**
 * The query string for a role and page: defaults are left out (role "creator", page 1), other
 * parameters are kept.
 */
export function listSearch(current: URLSearchParams, role: EventsRole, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (role === "creator") next.delete("role");
  else next.set("role", role);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}

/** What an empty list says, by whose requests it lists (only your own list asks you to create one). */
export const EMPTY_LIST: Record<EventsRole, { title: string; text: string; canCreate: boolean }> = {
  creator: { title: "No events found", text: "Create your first event to get started", canCreate: true },
  reviewer: { title: "Nothing to review", text: "When someone asks you to review an event, it shows here.", canCreate: false },
};

/** A card's title: the whole title (not truncated), or "Untitled Event" when blank. */
export function eventCardTitle(title: string | null | undefined): string {
  const trimmed = title?.trim() ?? "";
  return trimmed === "" ? UNTITLED_EVENT : trimmed;
}

/** Only the creator may edit or delete a request. */
export function isCreator(request: Pick<TEventRequest, "created_by">, userId: string | null | undefined): boolean {
  return Boolean(userId) && request.created_by === userId;
}
