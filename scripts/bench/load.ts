/**
 * For benchmarks: HTTP load from autocannon in a child process (so the generator shares no
 * event loop with what it measures), and the same shape of figures for work driven in-process
 * (the database floor), so rows compare.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

export interface LoadFigures {
  /** Completed requests per second, on average. */
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors. */
  failures: number;
}

const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** GET `url` from `connections` connections for `seconds`. */
export async function loadHttp(url: string, { seconds, connections, headers = {} }: { seconds: number; connections: number; headers?: Record<string, string> }): Promise<LoadFigures> {
  const args = [autocannonBin, "--json", "--connections", String(connections), "--duration", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("--headers", `${name}=${value}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors };
}

/** Runs `once` from `concurrency` loops for `seconds`, timing each call. */
export async function loadInProcess(once: () => Promise<unknown>, { seconds, concurrency }: { seconds: number; concurrency: number }): Promise<LoadFigures> {
  const samples: number[] = [];
  let failures = 0;
  const endAt = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < endAt) {
        const started = performance.now();
        try {
          await once();
          samples.push(performance.now() - started);
        } catch {
          failures++;
        }
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return { perSecond: samples.length / seconds, p50: percentile(samples, 50), p99: percentile(samples, 99), failures };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One row of a figures table: label, req/s, p50, p99, failures. */
export function printRow(label: string, figures: LoadFigures, width = 56): void {
  const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
  console.log(`${label.padEnd(width)} ${figures.perSecond.toFixed(0).padStart(8)} ${ms(figures.p50).padStart(8)} ${ms(figures.p99).padStart(8)} ${String(figures.failures).padStart(8)}`);
}

export function printHeader(width = 56): void {
  console.log(`${"target".padEnd(width)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"failed".padStart(8)}`);
}
