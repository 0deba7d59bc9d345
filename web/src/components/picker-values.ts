/*
 * Values for <input type="date"> and <input type="time">, which only accept "YYYY-MM-DD" and
 * "HH:MM". Callers may hand the pickers a whole ISO timestamp (as stored on an event); it is
 * reduced by text, without a time-zone conversion, so the picker shows the digits it was given.
 */

const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/;
const TIME_AFTER_T = /T(\d{2}:\d{2})/;
const TIME_PREFIX = /^(\d{2}:\d{2})/;

/** "2026-03-11T14:05:00.000Z" → "2026-03-11"; "2026-03-11" stays; anything else → "". */
export function toDateInputValue(value: string | null | undefined): string {
  if (!value) return "";
  return DATE_PREFIX.exec(value.trim())?.[1] ?? "";
}

/** "2026-03-11T14:05:00.000Z" → "14:05"; "14:05:30" → "14:05"; anything else → "". */
export function toTimeInputValue(value: string | null | undefined): string {
  if (!value) return "";
  const text = value.trim();
  return TIME_AFTER_T.exec(text)?.[1] ?? TIME_PREFIX.exec(text)?.[1] ?? "";
}
