#!/usr/bin/env node
// `npm ci` refuses a lock that lacks one of a package's optional platform builds ("Missing:
// @rollup/rollup-darwin-arm64 … from lock file"), which is what npm writes when the registry it used had no
// such build for the pinned version. This lists every optional dependency the lock cannot resolve and exits 1
// if there is one; a test runs it, so a lock that would fail on another OS does not land.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
const packages = lock.packages;

/** Where Node would find `name` when required from the package at `from` (its own folder, then parents). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (name === "fsevents" && !/^\d/.test(range)) continue; // a range, not a pin: npm resolves it per machine
    if (!resolves(path, name)) missing.push({ name, version: range });
  }
}

for (const m of missing) console.log(`missing from package-lock.json: ${m.name}@${m.version}`);
if (missing.length > 0) {
  console.log(
    "npm left these out because the registry it used had no such build. Pin the parent (package.json `overrides`)\n" +
      "to a version whose every platform package is published, then run `npm install` again.",
  );
  process.exit(1);
}
console.log("package-lock.json records every optional platform package");
