import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startStack, type Stack } from "../../../../scripts/bench/stack.ts";

// A service writes Node's compile cache once it listens (bootService), so a process that is
// SIGKILLed later — which runs no exit hook, where Node would otherwise write it — still leaves
// the cache its restart starts from (issue 14: a killed service answers again within 5 s).
const cacheDir = mkdtempSync(join(tmpdir(), "amia-compile-cache-"));
let stack: Stack | undefined;
const previous = process.env.NODE_COMPILE_CACHE;

afterAll(async () => {
  await stack?.close();
  if (previous === undefined) delete process.env.NODE_COMPILE_CACHE;
  else process.env.NODE_COMPILE_CACHE = previous;
  rmSync(cacheDir, { recursive: true, force: true });
});

const cachedFiles = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? cachedFiles(join(dir, entry.name)) : 1), 0);

it("a SIGKILLed service has written its compiled modules to NODE_COMPILE_CACHE once it answered", async () => {
  process.env.NODE_COMPILE_CACHE = cacheDir;
  stack = await startStack("compilecache", ["usage"]);
  await stack.kill("usage");
  // Hundreds of modules (the kit, contracts, the service, its dependencies), not a stray file.
  expect(cachedFiles(cacheDir)).toBeGreaterThan(50);
}, 120_000);
