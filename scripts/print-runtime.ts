// Printed first by `npm test`, so every CI log says which runtime the tests ran on.
console.log(`Tests run on Node ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error("Node 24 or newer is required: run through npm scripts, which use the pinned node@24.");
  process.exit(1);
}
