// Prints "N passed, N failed" from the reporters' JSON files in test-results/ (vitest, Playwright).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let found = 0;
// Tests that could not run on this machine (the Electron smoke test without Electron's binary) are said, not hidden.
let skipped = 0;

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests ?? 0;
  found++;
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const r = JSON.parse(readFileSync(playwright, 'utf8'));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
  skipped += r.stats?.skipped ?? 0;
  found++;
}

if (found === 0) {
  // The suite did not get as far as a reporter (install, typecheck or lint failed): count that as a failure.
  failed = 1;
}
if (skipped > 0) console.log(`${skipped} skipped: could not run here (each says why in the output above)`);
console.log(`${passed} passed, ${failed} failed`);
