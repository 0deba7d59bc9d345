import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtArgs, PROCESSES } from "../processes.ts";
import { dockerfileStages, stageChain, type DockerInstruction } from "./dockerfile.ts";

/**
 * No Docker engine runs on our machines, so nothing builds the images here. This test holds
 * deploy/docker/Dockerfile to what the images promise, from its text and the lockfile: a Node
 * process's image installs its runtime dependencies only (no TypeScript, vitest, playwright-core,
 * testcontainers…), runs as a non-root user, has a health check, and runs the process's bundle
 * (deploy/build.ts) as `npm start` does, with deploy/processes.ts's V8 flags.
 */

interface LockPackage {
  dev?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const stages = dockerfileStages(readFileSync("deploy/docker/Dockerfile", "utf8"));
const lockfile = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockPackage> };
const rootPackage = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string>; workspaces: string[] };
const dockerignore = readFileSync(".dockerignore", "utf8").split("\n").map((line) => line.trim());
const nodeProcesses = PROCESSES.filter((spec) => spec.name !== "web");
/** The tools the issue names as having leaked into production images. */
const DEV_TOOLS = ["typescript", "vitest", "playwright-core", "testcontainers"];

const isInstall = ({ keyword, text }: DockerInstruction) => keyword === "RUN" && /\bnpm\s+(ci|install|i)\b/.test(text);
const runtimeChain = stageChain(stages, "service");
const webChain = stageChain(stages, "web");

/**
 * What `npm ci --omit=dev --workspace <dir>` installs, from the lockfile as npm resolves it: the
 * workspace's dependencies (optional and required peers included), each found in the nearest
 * node_modules up the tree, workspace links followed.
 */
/** The folder whose node_modules holds a package ("" for the root): npm's next place to look. */
const parentOf = (location: string) => (location.includes("/node_modules/") ? location.slice(0, location.lastIndexOf("/node_modules/")) : "");

function runtimeClosure(workspaceDir: string): Map<string, LockPackage> {
  const installed = new Map<string, LockPackage>();
  const visit = (location: string) => {
    const entry = lockfile.packages[location];
    if (!entry || installed.has(location)) return;
    installed.set(location, entry);
    if (entry.link) return visit(entry.resolved!);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional),
    ];
    for (const name of names) {
      for (let base = location; ; base = parentOf(base)) {
        const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
        if (lockfile.packages[candidate]) {
          visit(candidate);
          break;
        }
        if (!base) break;
      }
    }
  };
  visit(workspaceDir);
  return installed;
}

/**
 * The packages a workspace's running code loads: bare specifiers of its `import`/`export … from`
 * statements (our own workspaces, @amia/*, included) outside tests and test helpers (src/testing), `import type` excepted (type
 * stripping erases it; an `import { type X }` stays and loads the package). Package → first file.
 */
function runtimeImports(srcDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts") && !file.split("/").includes("testing"));
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), "utf8");
    for (const [, specifier] of text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"'./][^"']*)["']/gm)) {
      if (specifier!.startsWith("node:")) continue;
      const name = specifier!.split("/").slice(0, specifier!.startsWith("@") ? 2 : 1).join("/");
      if (!found.has(name)) found.set(name, join(srcDir, file));
    }
  }
  return found;
}

describe("deploy/docker/Dockerfile: the Node processes' image (stage `service`)", () => {
  it("builds on the manifests alone, never on the stage that installs devDependencies", () => {
    expect(runtimeChain.map((stage) => stage.name)).toEqual(["service", "manifests"]);
    expect(runtimeChain.at(-1)!.from).toMatch(/^node:24(-|$)/);
  });

  it("installs with devDependencies omitted, for its own workspace only, and nothing else", () => {
    const installs = runtimeChain.flatMap((stage) => stage.instructions.filter(isInstall));
    expect(installs).toHaveLength(1);
    expect(installs[0]!.text).toMatch(/\bnpm ci\b/);
    expect(installs[0]!.text).toContain("--omit=dev");
    expect(installs[0]!.text).toContain('--workspace "${WORKSPACE}"');
    // The one stage that installs everything feeds the builds only: the bundles and the web app.
    const fullInstalls = stages.filter((stage) => stage.instructions.some((instruction) => isInstall(instruction) && !instruction.text.includes("--omit=dev")));
    expect(fullInstalls.map((stage) => stage.name)).toEqual(["build-deps"]);
    expect(stages.filter((stage) => stage.from === "build-deps").map((stage) => stage.name)).toEqual(["service-build", "web-build"]);
  });

  it("copies no installed package in: from another stage only its workspace's bundle folder, and the build context leaves out every node_modules (where every lockfile package marked dev lives)", () => {
    const copies = runtimeChain.flatMap((stage) => stage.instructions.filter(({ keyword }) => keyword === "COPY" || keyword === "ADD"));
    expect(copies.filter(({ text }) => text.includes("--from")).map(({ text }) => text)).toEqual(["--from=service-build /app/${WORKSPACE}/dist/ dist/"]);
    expect(copies.filter(({ text }) => /node_modules/.test(text))).toEqual([]);
    expect(dockerignore).toContain("**/node_modules");
    const devPackages = Object.entries(lockfile.packages).filter(([, entry]) => entry.dev);
    expect(devPackages.map(([location]) => location)).toEqual(expect.arrayContaining(DEV_TOOLS.map((name) => `node_modules/${name}`)));
    expect(devPackages.filter(([location]) => !location.includes("node_modules/")).map(([location]) => location)).toEqual([]);
  });

  it.each(nodeProcesses.map((spec) => [spec.name, spec.dir] as const))("gives %s (%s) runtime dependencies only: nothing the lockfile marks dev, none of the dev tools", (_name, dir) => {
    expect(rootPackage.workspaces.some((pattern) => pattern === dir || (pattern.endsWith("/*") && dir.startsWith(pattern.slice(0, -1))))).toBe(true);
    const installed = runtimeClosure(dir);
    expect(installed.size).toBeGreaterThan(1);
    expect([...installed].filter(([, entry]) => entry.dev).map(([location]) => location)).toEqual([]);
    const names = new Set([...installed.keys()].map((location) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length)));
    expect(DEV_TOOLS.filter((tool) => names.has(tool))).toEqual([]);
    expect(Object.keys(rootPackage.devDependencies).filter((tool) => names.has(tool) && lockfile.packages[`node_modules/${tool}`]?.dev)).toEqual([]);
  });

  it.each([...nodeProcesses.map((spec) => spec.dir), "services/kit", "contracts"].map((dir) => [dir] as const))(
    "%s lists every package its running code imports as a dependency (a devDependency is not installed in the image)",
    (dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
      const declared = new Set(["dependencies", "optionalDependencies", "peerDependencies"].flatMap((field) => Object.keys(manifest[field] ?? {})));
      const missing = [...runtimeImports(join(dir, "src"))].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (${file})`);
      expect(missing).toEqual([]);
    },
  );

  it.each(nodeProcesses.map((spec) => [spec.name, spec.dir] as const))("builds %s's bundle from its sources (%s) with deploy/build.ts and runs it as npm start does, with no TypeScript source in the image", (_name, dir) => {
    const build = stages.find((stage) => stage.name === "service-build")!;
    const copied = build.instructions.filter(({ keyword, text }) => keyword === "COPY" && !text.includes("--from")).map(({ text }) => text.split(/\s+/).at(-1)!);
    expect(copied.some((destination) => `${dir}/`.startsWith(destination))).toBe(true);
    expect(build.instructions.filter(({ keyword }) => keyword === "RUN").map(({ text }) => text)).toEqual(['node deploy/build.ts --workspace "${WORKSPACE}"']);
    const service = runtimeChain[0]!;
    expect(service.instructions.filter(({ keyword, text }) => keyword === "COPY" && !text.includes("--from"))).toEqual([]);
    const spec = PROCESSES.find((process) => process.dir === dir)!;
    expect(service.instructions.find(({ keyword }) => keyword === "CMD")?.text).toBe(JSON.stringify(["node", ...builtArgs(spec)]).replaceAll(",", ", "));
    expect(service.instructions.filter(({ keyword, text }) => keyword === "RUN" && /\btsc\b|--experimental-transform-types/.test(text))).toEqual([]);
  });

  it("runs as a non-root user and checks its own /healthz on its PORT", () => {
    const service = runtimeChain[0]!;
    const users = service.instructions.filter(({ keyword }) => keyword === "USER");
    expect(users.at(-1)?.text).toBe("node");
    const healthcheck = service.instructions.find(({ keyword }) => keyword === "HEALTHCHECK");
    expect(healthcheck?.text).toMatch(/CMD .*'http:\/\/127\.0\.0\.1:' \+ process\.env\.PORT \+ '\/healthz'/);
    expect(service.instructions.find(({ keyword }) => keyword === "ENV")?.text).toContain("PORT=${PORT}");
    expect(service.instructions.find(({ keyword }) => keyword === "ENV")?.text).toContain("NODE_OPTIONS=${NODE_OPTIONS}");
    // A restarted container reuses the compiled code its previous run flushed (kit's bootService).
    expect(service.instructions.find(({ keyword }) => keyword === "ENV")?.text).toContain("NODE_COMPILE_CACHE=/tmp/");
  });
});

describe("deploy/docker/Dockerfile: the web app's image (stage `web`)", () => {
  it("takes only the built files from the build stages, runs nginx as a non-root user and checks /healthz", () => {
    const web = webChain[0]!;
    expect(webChain).toHaveLength(1);
    expect(web.from).toMatch(/^nginx:/);
    const fromStages = web.instructions.filter(({ keyword, text }) => keyword === "COPY" && text.includes("--from"));
    expect(fromStages.map(({ text }) => text)).toEqual(["--from=web-build /app/web/dist /usr/share/nginx/html"]);
    expect(web.instructions.filter(({ keyword }) => keyword === "USER").at(-1)?.text).toBe("nginx");
    // The image's own nginx.conf has `user nginx;`, which only root may use: ours has none.
    const mainConf = web.instructions.find(({ keyword, text }) => keyword === "COPY" && text.endsWith("/etc/nginx/nginx.conf"))!;
    expect(readFileSync(mainConf.text.split(/\s+/)[0]!, "utf8")).not.toMatch(/^\s*user\s/m);
    expect(web.instructions.find(({ keyword }) => keyword === "HEALTHCHECK")?.text).toContain("http://127.0.0.1/healthz");
  });
});
