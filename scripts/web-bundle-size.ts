/**
 * `npm run web:size`: builds the web app (`vite build --manifest` in web/) and prints how much
 * JavaScript a visitor downloads, gzipped:
 *   - public routes: the entry chunk(s) of index.html plus everything they import statically
 *     (what the landing, login and legal pages need before any lazy page loads);
 *   - lazy chunks: what only dynamic imports (React.lazy pages) reach;
 *   - all JS: every .js file of the build.
 *
 *   npm run web:size                 build, then measure
 *   npm run web:size -- --no-build   measure the existing web/dist (built with a manifest)
 *   npm run web:size -- --dir <path> another Vite project (default web/)
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dirFlag = process.argv.indexOf("--dir");
const WEB_DIR = dirFlag >= 0 && process.argv[dirFlag + 1] ? resolve(process.argv[dirFlag + 1]!) : join(ROOT, "web");
const DIST_DIR = join(WEB_DIR, "dist");
const MANIFEST_PATH = join(DIST_DIR, ".vite", "manifest.json");

if (!process.argv.includes("--no-build")) {
  const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--manifest", "--logLevel", "warn"], { cwd: WEB_DIR, stdio: "inherit" });
  if (build.status !== 0) {
    console.error(`vite build failed (${build.signal ?? `exit code ${build.status}`})`);
    process.exit(1);
  }
}
if (!existsSync(MANIFEST_PATH)) {
  console.error(`No build manifest at ${relative(ROOT, MANIFEST_PATH)}: build with \`vite build --manifest\` (or run without --no-build).`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as Manifest;
const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
if (entries.length === 0) {
  console.error(`The manifest lists no entry chunk: ${relative(ROOT, MANIFEST_PATH)}`);
  process.exit(1);
}

const publicFiles = jsFiles(staticClosure(manifest, entries));
const allFiles = listFiles(DIST_DIR).filter((file) => file.endsWith(".js"));
const lazyFiles = allFiles.filter((file) => !publicFiles.includes(file));

const rows = [
  { label: "public routes (entry + static imports)", ...measure(publicFiles) },
  { label: "lazy chunks (dynamic imports only)", ...measure(lazyFiles) },
  { label: "all JS", ...measure(allFiles) },
];

console.log(`\nWeb bundle (${relative(ROOT, DIST_DIR)}, entry: ${entries.join(", ")})\n`);
const labelWidth = Math.max(...rows.map((row) => row.label.length));
console.log(`${"JavaScript".padEnd(labelWidth)}  ${"files".padStart(5)}  ${"raw".padStart(10)}  ${"gzip".padStart(10)}`);
for (const row of rows) {
  console.log(`${row.label.padEnd(labelWidth)}  ${String(row.count).padStart(5)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)}`);
}
console.log("\nPublic-route chunks:");
for (const file of publicFiles) console.log(`  ${file.padEnd(48)} ${kb(measure([file]).gzip).padStart(10)} gzip`);

/** The manifest keys reachable from `roots` through static `imports` only (not `dynamicImports`). */
function staticClosure(chunks: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = chunks[key];
    if (!chunk) throw new Error(`The manifest imports ${key}, which it does not list`);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/** The distinct .js output files of these manifest keys, relative to dist/. */
function jsFiles(keys: string[]): string[] {
  return [...new Set(keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js")))].sort();
}

/** Every file under dist/ (relative, "/"-separated), the manifest's own folder excepted. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .filter((file) => !file.startsWith(".vite/"))
    .sort();
}

function measure(files: string[]): { count: number; raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(DIST_DIR, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { count: files.length, raw, gzip };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
