/*
 * The benchmarks' command-line options (`npm run bench:x -- --runs 500`): one reading for all.
 */

/** The value after `--<name>`, when given. */
export function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** `--<name> <number>`; absent, 0 or not a number: `fallback`. */
export function numberOption(name: string, fallback: number): number {
  return Number(flag(name) ?? 0) || fallback;
}
