/**
 * The export for people: Markdown, one file per entity (what is known about it, with sources and dates) and
 * one per month of facts (by when they were stated), plus an index. Written to a folder, or to a .zip when
 * the path ends in .zip. Superseded, forgotten and pruned facts are listed as such, with their dates.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { MemoryEngine, SnapshotReader, SnapshotRow } from '../../memory';
import { isoTime } from '../../../src-shared/clock';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, refuseExisting } from './target';
import { chatIdOfSession } from '../../../src-shared/session-ids';
import type { JsonObject } from '../../../src-shared/memory-types';
import { saidLabel, type SpokenNode } from '../../../src-shared/speakers';

interface Fact {
  id: string;
  type: string;
  content: string;
  /** When it was stated (the episode's time for consolidated facts); months group by this. */
  eventTime: number;
  validFrom: number;
  validUntil: number | null;
  reason: string | null;
  confidence: number;
  sourceType: string | null;
  sessionId: string | null;
  derivedFrom: string[];
}

interface EntityRow {
  id: string;
  name: string;
  type: string;
  aliases: string[];
  summary: string | null;
  facts: string[];
}

export interface MarkdownExportResult {
  path: string;
  files: number;
  entities: number;
  facts: number;
}

const day = (t: number): string => isoTime(t)?.slice(0, 10) ?? 'unknown-date';
const month = (t: number): string => isoTime(t)?.slice(0, 7) ?? 'unknown-date';

/**
 * Memory text as inert Markdown: HTML's specials become entities (no `<script>`, no `<img onerror>`, no
 * `<javascript:…>` autolink) and Markdown's punctuation is backslash-escaped (no links, images, emphasis or
 * headings made of what was said); line breaks become spaces so a text stays inside its list item.
 */
export function mdText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]()!~]/g, '\\$&')
    .replace(/^(\s*)([-+#])/, '$1\\$2') // a list marker or heading at its start
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
const str = (v: SnapshotRow[string] | undefined): string => (v === null || v === undefined ? '' : String(v));
const num = (v: SnapshotRow[string] | undefined): number => Number(v ?? 0);

/** Who said an episode row ("you", "ChatGPT", a transcript's speaker), for its quote under a fact. */
function spokenNode(n: SnapshotRow): SpokenNode {
  let attributes: JsonObject = {};
  try {
    const parsed: unknown = JSON.parse(str(n.attributes) || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) attributes = parsed as JsonObject;
  } catch {
    // Malformed attributes name no speaker; the role still does.
  }
  return { content: str(n.content), sourceRole: n.source_role === null ? null : str(n.source_role), sourceType: n.source_type === null ? null : str(n.source_type), attributes };
}
/** File names that work on every system and stay readable. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80) || 'entity'
  );
}
const quote = (s: string, max = 200): string => mdText((s.length > max ? `${s.slice(0, max - 1)}…` : s).replace(/\s+/g, ' '));

export async function exportMarkdown(engine: MemoryEngine, path: string): Promise<MarkdownExportResult> {
  refuseOccupied(path);
  const files = await engine.withReadSnapshot((reader) => Promise.resolve(renderMarkdown(reader, engine.clock.now())));
  return writeMarkdown(path, files);
}

interface RenderedMarkdown {
  files: Map<string, string>;
  entities: number;
  facts: number;
}

function renderMarkdown(reader: SnapshotReader, now: number): RenderedMarkdown {
  // Which episodes facts come from (derived_from), so only those are kept from the stream of nodes.
  const derived = new Map<string, string[]>();
  // Which version replaced which (supersedes: the new version → the old one), so a past version names its successor.
  const successorOf = new Map<string, string>();
  for (const e of reader.rows('edges')) {
    if (e.relation_type === 'supersedes') successorOf.set(str(e.target_id), str(e.source_id));
    if (e.relation_type !== 'derived_from') continue;
    const list = derived.get(str(e.source_id)) ?? [];
    list.push(str(e.target_id));
    derived.set(str(e.source_id), list);
  }
  const neededEpisodes = new Set([...derived.values()].flat());
  const facts = new Map<string, Fact>();
  const episodes = new Map<string, { content: string; time: number; said: string }>();
  for (const n of reader.rows('nodes')) {
    const id = str(n.id);
    if (n.type === 'episodic') {
      if (neededEpisodes.has(id)) episodes.set(id, { content: str(n.content), time: num(n.event_time), said: saidLabel(spokenNode(n)) });
      continue;
    }
    facts.set(id, {
      id,
      type: str(n.type),
      content: str(n.content),
      eventTime: num(n.event_time),
      validFrom: num(n.valid_from),
      validUntil: n.valid_until === null ? null : num(n.valid_until),
      reason: n.invalidated_reason === null ? null : str(n.invalidated_reason),
      confidence: num(n.confidence),
      sourceType: n.source_type === null ? null : str(n.source_type),
      sessionId: n.session_id === null ? null : str(n.session_id),
      derivedFrom: derived.get(id) ?? [],
    });
  }
  const entities = new Map<string, EntityRow>();
  for (const e of reader.rows('entities')) {
    if (e.merged_into !== null) continue;
    let aliases: string[] = [];
    try {
      aliases = JSON.parse(str(e.aliases)) as string[];
    } catch {
      aliases = [];
    }
    entities.set(str(e.id), { id: str(e.id), name: str(e.canonical_name), type: str(e.type), aliases, summary: e.summary === null ? null : str(e.summary), facts: [] });
  }
  const entitiesOfFact = new Map<string, string[]>();
  for (const link of reader.rows('node_entities')) {
    const fact = facts.get(str(link.node_id));
    const entity = entities.get(str(link.entity_id));
    if (!fact || !entity) continue;
    entity.facts.push(fact.id);
    entitiesOfFact.set(fact.id, [...(entitiesOfFact.get(fact.id) ?? []), entity.id]);
  }
  const chatTitles = new Map<string, string>();
  for (const c of reader.rows('chat_sessions')) chatTitles.set(str(c.id), str(c.title));
  const sessionTitle = (sessionId: string | null): string | null => {
    const chatId = chatIdOfSession(sessionId);
    return chatId ? (chatTitles.get(chatId) ?? null) : null;
  };

  // Unique file names per entity, even when two share a name.
  const fileOf = new Map<string, string>();
  const used = new Set<string>();
  for (const e of [...entities.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    let name = slug(e.name);
    for (let i = 2; used.has(name); i++) name = `${slug(e.name)}-${i}`;
    used.add(name);
    fileOf.set(e.id, `entities/${name}.md`);
  }

  const factLine = (f: Fact, linkPrefix: string): string[] => {
    // "superseded 2026-11-29 by “User lives in Leeds”, true from 2026-03-21": when memory learned of the change, and
    // when the change happened, which for an imported history is long before.
    const next = f.reason === 'superseded' ? facts.get(successorOf.get(f.id) ?? '') : undefined;
    const by = next ? ` by “${mdText(next.content)}”${next.validFrom > f.validFrom && day(next.validFrom) !== day(f.validUntil ?? 0) ? `, true from ${day(next.validFrom)}` : ''}` : '';
    const status = f.validUntil === null ? '' : ` — *${f.reason ?? 'no longer valid'} ${day(f.validUntil)}${by}*`;
    const lines = [`- ${mdText(f.content)}${status}`];
    const chat = sessionTitle(f.sessionId);
    const stated = day(f.eventTime) !== day(f.validFrom) ? `stated ${day(f.eventTime)}` : '';
    const source = [`${f.type}`, stated, `valid from ${day(f.validFrom)}`, `confidence ${f.confidence.toFixed(2)}`, f.sourceType ? `source: ${f.sourceType}` : '', chat ? `chat: “${mdText(chat)}”` : ''].filter(Boolean);
    lines.push(`  - ${source.join(' · ')}`);
    const about = (entitiesOfFact.get(f.id) ?? []).flatMap((id) => {
      const e = entities.get(id);
      const file = fileOf.get(id);
      return e && file ? [`[${mdText(e.name)}](${linkPrefix}${file})`] : [];
    });
    if (about.length > 0) lines.push(`  - about: ${about.join(', ')}`);
    for (const epId of f.derivedFrom.slice(0, 5)) {
      const ep = episodes.get(epId);
      if (ep) lines.push(`  - ${mdText(ep.said)} ${day(ep.time)}: “${quote(ep.content)}”`);
    }
    return lines;
  };

  const files = new Map<string, string>();
  for (const e of entities.values()) {
    const own = e.facts.flatMap((id) => facts.get(id) ?? []).sort((a, b) => a.validFrom - b.validFrom);
    const current = own.filter((f) => f.validUntil === null);
    const past = own.filter((f) => f.validUntil !== null);
    files.set(
      fileOf.get(e.id) as string,
      [
        `# ${mdText(e.name)}`,
        '',
        `*${e.type}*${e.aliases.length ? ` · also known as ${e.aliases.map(mdText).join(', ')}` : ''}`,
        '',
        ...(e.summary ? [mdText(e.summary), ''] : []),
        '## What is known',
        '',
        ...(current.length ? current.flatMap((f) => factLine(f, '../')) : ['*(nothing current)*']),
        ...(past.length ? ['', '## History', '', ...past.flatMap((f) => factLine(f, '../'))] : []),
        '',
      ].join('\n'),
    );
  }
  const byMonth = new Map<string, Fact[]>();
  for (const f of facts.values()) byMonth.set(month(f.eventTime), [...(byMonth.get(month(f.eventTime)) ?? []), f]);
  for (const [m, list] of [...byMonth].sort()) {
    list.sort((a, b) => a.eventTime - b.eventTime || a.id.localeCompare(b.id));
    const lines = [`# Facts from ${m}`, ''];
    let lastDay = '';
    for (const f of list) {
      if (day(f.eventTime) !== lastDay) {
        lastDay = day(f.eventTime);
        lines.push(`## ${lastDay}`, '');
      }
      lines.push(...factLine(f, '../'));
    }
    files.set(`facts/${m}.md`, `${lines.join('\n')}\n`);
  }
  files.set(
    'README.md',
    [
      '# Engram memory export',
      '',
      `Exported ${new Date(now).toISOString()}: ${entities.size} entities, ${facts.size} facts.`,
      '',
      '## Entities',
      '',
      ...[...entities.values()].sort((a, b) => a.name.localeCompare(b.name)).map((e) => `- [${mdText(e.name)}](${fileOf.get(e.id) ?? ''}) (${e.type})`),
      '',
      '## Facts by month',
      '',
      ...[...byMonth.keys()].sort().map((m) => `- [${m}](facts/${m}.md)`),
      '',
    ].join('\n'),
  );

  return { files, entities: entities.size, facts: facts.size };
}

/** A .zip that does not exist yet, or a folder that does not exist or is empty: nothing is overwritten. */
function refuseOccupied(path: string): void {
  if (path.toLowerCase().endsWith('.zip') || !existsSync(path)) refuseExisting(path);
  else if (readdirSync(path).length > 0) refuseExisting(path);
}

function writeMarkdown(path: string, { files, entities, facts }: RenderedMarkdown): MarkdownExportResult {
  refuseOccupied(path);
  const options = { mode: PRIVATE_FILE_MODE, flag: 'wx' } as const;
  if (path.toLowerCase().endsWith('.zip')) {
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    writeFileSync(path, zipSync(Object.fromEntries([...files].map(([name, text]) => [name, strToU8(text)]))), options);
  } else {
    for (const [name, text] of files) {
      mkdirSync(dirname(join(path, name)), { recursive: true, mode: PRIVATE_DIR_MODE });
      writeFileSync(join(path, name), text, options);
    }
  }
  return { path, files: files.size, entities, facts };
}
