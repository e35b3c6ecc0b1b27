// One-off, for merging issue 11's branches: points every import of a module that moved to src-shared/ at its
// new place (memory/types, memory/clock, llm/key-origin, writepath/outcome, and the decay maths of
// memory/decay, whose nightly run stays there). Idempotent; run `node scripts/codemods/src-shared-imports.mjs`
// after a merge brings files written against the old paths, then delete this script once every branch is in.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const moved = {
  'src-main/memory/types': 'src-shared/memory-types',
  'src-main/memory/clock': 'src-shared/clock',
  'src-main/llm/key-origin': 'src-shared/key-origin',
  'src-main/writepath/outcome': 'src-shared/consolidation-outcome',
};
const DECAY_RUN = 'src-main/memory/decay';
const DECAY_MATHS = 'src-shared/decay';
/** What stayed in src-main/memory/decay.ts; every other name it exported is now in src-shared/decay.ts. */
const STAYED = new Set(['runDecay', 'DecayRunResult']);

const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f, i, all) => f && all.indexOf(f) === i && existsSync(path.join(root, f)));

const specifierFor = (from, target) => {
  const rel = path.relative(path.dirname(from), target).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};
const resolve = (from, spec) => path.normalize(path.join(path.dirname(from), spec)).split(path.sep).join('/').replace(/\.(ts|js)$/, '');

let changed = 0;
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (/^<{7} /m.test(text)) {
    console.error(`skipped (unresolved conflict): ${file}`);
    continue;
  }
  let out = text.replace(/((?:from|import\(|vi\.mock\()\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (m, before, quote, spec) => {
    const target = moved[resolve(file, spec)];
    return target ? `${before}${quote}${specifierFor(file, target)}${quote}` : m;
  });
  // `import { a, runDecay, type B } from '…/memory/decay'`: the maths goes to src-shared, the run stays.
  out = out.replace(/^import (type )?\{([^}]*)\} from (['"])(\.{1,2}\/[^'"]+)\3;$/gm, (m, typeKw, names, quote, spec) => {
    if (resolve(file, spec) !== DECAY_RUN) return m;
    const parts = names.split(',').map((n) => n.trim()).filter(Boolean);
    const name = (p) => p.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
    const stay = parts.filter((p) => STAYED.has(name(p)));
    const go = parts.filter((p) => !STAYED.has(name(p)));
    const line = (list, target) => `import ${typeKw ?? ''}{ ${list.join(', ')} } from ${quote}${specifierFor(file, target)}${quote};`;
    return [go.length ? line(go, DECAY_MATHS) : null, stay.length ? line(stay, DECAY_RUN) : null].filter(Boolean).join('\n');
  });
  if (out !== text) {
    writeFileSync(path.join(root, file), out);
    changed++;
    console.log(file);
  }
}
console.log(`${changed} file(s) updated`);
