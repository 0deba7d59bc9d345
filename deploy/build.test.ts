import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProcess } from "./build.ts";
import { builtEntry, PROCESSES } from "./processes.ts";

/*
 * Every package a bundle imports is loaded when its process starts and stays in its memory for
 * good (issue 14: at most 120 MB RSS per service at idle). A process loads the database driver,
 * the Redis client and BullMQ only when it uses them.
 */

const outRoot = mkdtempSync(join(tmpdir(), "amia-build-"));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

/** The packages a built process imports when it starts (every chunk's static imports, Node's builtins aside). */
function packagesLoadedAtStart(name: string): Set<string> {
  const spec = PROCESSES.find((candidate) => candidate.name === name)!;
  const entry = join(outRoot, spec.dir, builtEntry(spec));
  const folder = entry.slice(0, entry.lastIndexOf("/"));
  const packages = new Set<string>();
  for (const file of readdirSync(folder).filter((file) => file.endsWith(".js"))) {
    for (const [, specifier] of readFileSync(join(folder, file), "utf8").matchAll(/^import\s(?:[^"';]*\sfrom\s)?"([^"]+)";/gm)) {
      if (!specifier!.startsWith(".") && !specifier!.startsWith("node:")) packages.add(specifier!.startsWith("@") ? specifier!.split("/").slice(0, 2).join("/") : specifier!.split("/")[0]!);
    }
  }
  return packages;
}

describe("what each bundle loads (deploy/build.ts)", () => {
  beforeAll(async () => {
    for (const name of ["bff", "notifications", "calendar", "web"]) await buildProcess(PROCESSES.find((spec) => spec.name === name)!, ".", outRoot);
  }, 60_000);

  it("the BFF loads neither the database driver nor BullMQ, and Redis only when it connects", () => {
    const loaded = packagesLoadedAtStart("bff");
    expect(loaded).toContain("hono");
    expect(loaded).toContain("kafkajs");
    for (const unused of ["mongodb", "bullmq", "ioredis"]) expect(loaded).not.toContain(unused);
  });

  it("a service without jobs or Redis loads neither BullMQ nor the Redis client", () => {
    const loaded = packagesLoadedAtStart("notifications");
    expect(loaded).toContain("mongodb");
    for (const unused of ["bullmq", "ioredis"]) expect(loaded).not.toContain(unused);
  });

  it("calendar, whose Google sync runs as BullMQ jobs, loads BullMQ", () => {
    expect(packagesLoadedAtStart("calendar")).toContain("bullmq");
  });

  it("the web server loads no broker, database or queue client", () => {
    const loaded = packagesLoadedAtStart("web");
    for (const unused of ["kafkajs", "mongodb", "bullmq", "ioredis"]) expect(loaded).not.toContain(unused);
  });
});
