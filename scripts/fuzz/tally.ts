/*
 * Statuses counted per route and per class (2xx / 3xx / 4xx / 5xx, and "error" for a request
 * that got no HTTP answer at all: a reset or a timeout), and the table `npm run fuzz` prints. Pure.
 */

export const CLASSES = ["2xx", "3xx", "4xx", "5xx", "error"] as const;
export type StatusClass = (typeof CLASSES)[number];
export type ClassCounts = Record<StatusClass, number>;

/** A status, or "error" when no response came back. */
export function classOf(status: number | "error"): StatusClass {
  if (status === "error") return "error";
  if (status >= 200 && status < 300) return "2xx";
  if (status >= 300 && status < 400) return "3xx";
  if (status >= 400 && status < 500) return "4xx";
  // 1xx never reaches a client as a final answer; anything else counts as a server failure.
  return "5xx";
}

const emptyCounts = (): ClassCounts => ({ "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, error: 0 });

export class Tally {
  readonly #byRoute = new Map<string, ClassCounts>();
  readonly #statuses = new Map<string, Map<string, number>>();

  add(route: string, status: number | "error"): void {
    const counts = this.#byRoute.get(route) ?? emptyCounts();
    counts[classOf(status)] += 1;
    this.#byRoute.set(route, counts);
    const statuses = this.#statuses.get(route) ?? new Map<string, number>();
    statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
    this.#statuses.set(route, statuses);
  }

  /** Adds every count of another tally. */
  merge(other: Tally): void {
    for (const [route, statuses] of other.#statuses) {
      for (const [status, count] of statuses) for (let i = 0; i < count; i += 1) this.add(route, status === "error" ? "error" : Number(status));
    }
  }

  counts(route: string): ClassCounts {
    return { ...(this.#byRoute.get(route) ?? emptyCounts()) };
  }

  /** Each status seen on a route, with how often ("404×12 200×3"). */
  statuses(route: string): string {
    return [...(this.#statuses.get(route) ?? new Map<string, number>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
  }

  routes(): string[] {
    return [...this.#byRoute.keys()];
  }

  total(): ClassCounts {
    const total = emptyCounts();
    for (const counts of this.#byRoute.values()) for (const name of CLASSES) total[name] += counts[name];
    return total;
  }
}

export function sum(counts: ClassCounts): number {
  return CLASSES.reduce((total, name) => total + counts[name], 0);
}

/**
 * The table: the documented routes in the document's order (each, even one that got no request,
 * so a gap shows), then every other route seen (undocumented methods or paths), then the total.
 */
export function formatTable(tally: Tally, documented: readonly string[]): string {
  const others = tally.routes().filter((route) => !documented.includes(route)).sort();
  const rows = [...documented, ...others].map((route) => [route, tally.counts(route)] as const);
  const width = Math.max(5, ...rows.map(([route]) => route.length));
  const header = `${"route".padEnd(width)}  ${CLASSES.map((name) => name.padStart(6)).join("")}  ${"total".padStart(6)}`;
  const line = (label: string, counts: ClassCounts) => `${label.padEnd(width)}  ${CLASSES.map((name) => String(counts[name]).padStart(6)).join("")}  ${String(sum(counts)).padStart(6)}`;
  return [header, "-".repeat(header.length), ...rows.map(([route, counts]) => line(route, counts)), "-".repeat(header.length), line("all routes", tally.total())].join("\n");
}
