import { useEffect, useState } from "react";

/** setTimeout's longest delay (about 24.8 days); a later boundary is re-armed on the way. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The time now, re-read as each boundary (ISO instants: an expiry, the end of an undo window)
 * passes, so what depends on it changes on screen without a ticking clock.
 */
export function useNowAcross(boundaries: readonly (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = boundaries.join("|");
  useEffect(() => {
    const next = key
      .split("|")
      .map((value) => Date.parse(value))
      .filter((ms) => Number.isFinite(ms) && ms > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [key, now]);
  return now;
}
