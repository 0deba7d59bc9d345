import { build } from "rolldown";
const dir = process.argv[2];
const t = Date.now();
await build({
  input: `${dir}/src/main.ts`,
  platform: "node",
  external: (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("@amia/") && !id.startsWith("\0"),
  output: { file: `/tmp/rss/out/${dir.replaceAll("/", "_")}/main.js`, format: "esm", sourcemap: true },
  logLevel: "warn",
});
console.log(dir, Date.now() - t, "ms");
