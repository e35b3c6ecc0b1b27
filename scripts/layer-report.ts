/**
 * The house's layering in four numbers (issue 28), read from the imports of the shipped code:
 *   - distinct `src-main/memory/` modules imported from outside memory/ (the engine has one door: target 1);
 *   - upward arrows: an import whose target folder sits above the importer's in eslint-rules/layers.js, and,
 *     inside memory/, a module importing the engine or the door it stands behind (target 0);
 *   - import circles, type-only imports included (target 0);
 *   - files in src-main/ over 400 lines;
 *   - SQL statements prepared (`.prepare(`, `stmt(`) outside storage/ and memory/repo/ (SQL lives in the repositories).
 * `npx tsx scripts/layer-report.ts` prints them; `--list` also names each import counted.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { layers } from '../eslint-rules/layers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_ROOTS = ['src-shared', 'src-main', 'src-preload', 'src-renderer'];
const MEMORY = 'src-main/memory';
/** The engine's own top: nothing else in memory/ may import these (they import the rest of memory/). */
const ENGINE_TOP = [`${MEMORY}/index`, `${MEMORY}/engine`];
const MAX_LINES = 400;
/** Where SQL text may be prepared: the storage layer and the memory engine's repositories. */
const SQL_HOMES = ['src-main/storage', `${MEMORY}/repo`];
const PREPARED_SQL = /\.prepare\(|\bstmt\(/g;
const verbose = process.argv.includes('--list');

interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(absolute)) {
    const child = `${dir}/${entry}`;
    if (statSync(join(ROOT, child)).isDirectory()) out.push(...sourceFiles(child));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) out.push(child);
  }
  return out;
}

/** Repository path without extension, the form layers.js uses; null for a package or a non-source file. */
function resolveSpecifier(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(ROOT, dirname(fromFile), spec.replace(/\?.*$/, '').replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return relative(ROOT, candidate).split(sep).join('/').replace(/\.tsx?$/, '');
  }
  return null;
}

function specifiersOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * A folder's rank is its place in layers.js. An import climbs when its target's folder ranks above the importer's
 * and the importer's layer does not take that whole folder: a module that layers.js lifts out of a higher folder
 * (a lock file inside host/, a security check inside web/) still lives upstairs, so reaching it is an upward arrow.
 */
const layerMap: Record<string, string[]> = layers;
const layerKeys = Object.keys(layerMap);
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== 'src-main') return parts[0] ?? path;
  const folder = parts.slice(0, 2).join('/');
  return layerKeys.includes(folder) ? folder : parts.slice(0, 3).join('/');
}
function rankOf(folder: string): number {
  const rank = layerKeys.indexOf(folder);
  return rank === -1 ? Number.MAX_SAFE_INTEGER : rank;
}

function isUpward({ from, to }: ImportEdge): boolean {
  if (under(from, MEMORY) && under(to, MEMORY)) return ENGINE_TOP.includes(to) && !ENGINE_TOP.includes(from);
  const [fromFolder, toFolder] = [folderOf(from), folderOf(to)];
  if (fromFolder === toFolder || rankOf(toFolder) < rankOf(fromFolder)) return false;
  return !(layerMap[fromFolder] ?? []).some((allowed) => under(toFolder, allowed));
}

/** Tarjan's strongly connected components of more than one module (or a module importing itself). */
function circles(nodes: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const at = (map: Map<string, number>, v: string): number => map.get(v) ?? Number.MAX_SAFE_INTEGER;
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(at(low, v), at(low, w)));
      } else if (onStack.has(w)) low.set(v, Math.min(at(low, v), at(index, w)));
    }
    if (at(low, v) !== at(index, v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const n of nodes) if (!index.has(n)) connect(n);
  return found;
}

const files = SOURCE_ROOTS.flatMap(sourceFiles);
const modules = files.map((f) => f.replace(/\.tsx?$/, ''));
const edges: ImportEdge[] = [];
for (const file of files) {
  const from = file.replace(/\.tsx?$/, '');
  for (const spec of new Set(specifiersOf(file))) {
    const to = resolveSpecifier(file, spec);
    if (to !== null && to !== from) edges.push({ from, to });
  }
}

const doors = [...new Set(edges.filter((e) => !under(e.from, MEMORY) && under(e.to, MEMORY)).map((e) => e.to))].sort();
const upward = edges.filter(isUpward);
const cycles = circles(modules, edges);
const long = files
  .filter((f) => under(f, 'src-main'))
  .map((f) => ({ file: f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
  .filter((f) => f.lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

const statementsOutsideRepo = files
  .filter((f) => under(f, 'src-main') && !SQL_HOMES.some((home) => under(f, home)))
  .map((f) => ({ file: f, count: readFileSync(join(ROOT, f), 'utf8').match(PREPARED_SQL)?.length ?? 0 }))
  .filter((f) => f.count > 0)
  .sort((a, b) => b.count - a.count);
const statementCount = statementsOutsideRepo.reduce((sum, f) => sum + f.count, 0);

const out: string[] = [];
out.push(`memory modules imported from outside memory/: ${doors.length}`);
if (verbose) out.push(...doors.map((d) => `  ${d}`));
out.push(`upward arrows: ${upward.length}`);
out.push(...upward.map((e) => `  ${e.from} -> ${e.to}`));
out.push(`import circles: ${cycles.length}`);
out.push(...cycles.map((c) => `  ${c.length} modules: ${c.slice(0, 6).join(', ')}${c.length > 6 ? ', …' : ''}`));
out.push(`files in src-main over ${MAX_LINES} lines: ${long.length}`);
out.push(...long.map((f) => `  ${f.file} (${f.lines})`));
out.push(`SQL statements prepared outside storage/ and memory/repo/: ${statementCount} in ${statementsOutsideRepo.length} files`);
if (verbose) out.push(...statementsOutsideRepo.map((f) => `  ${f.file} (${f.count})`));
process.stdout.write(`${out.join('\n')}\n`);
