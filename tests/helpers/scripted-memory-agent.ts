/**
 * A memory agent played by the scripted OpenAI server: reads the write path's prompts (episode lines
 * "[E1] user (time): text", fact pairs "[F1] …" / "vs [X1] …") and answers in whatever structured-output
 * mode the request used (json_schema / json_object content, or a forced tool call).
 */
import type { DynamicStep, RecordedRequest, ScriptStep } from './scripted-openai-server';
import { chatCompletion } from './scripted-openai-server';

export type Task = 'memory_extraction' | 'conflict_resolution' | 'entity_summaries' | 'weekly_reflection';

export interface PromptEpisode {
  ref: string;
  role: string;
  text: string;
}

export interface PromptKnownEntity {
  ref: string;
  name: string;
}

export interface ExtractionAnswer {
  facts: { type: string; content: string; source_episodes: string[]; entities: string[]; slot: string | null; basis: 'stated' | 'inferred'; valid_from?: string | null }[];
  entities: { name: string; type: string; aliases: string[]; known_id: string | null; description: string | null }[];
  causal_links: { cause: string; effect: string; explanation: string }[];
}

export interface ResolutionPair {
  fact: string;
  factText: string;
  existing: string;
  existingText: string;
}

export interface AgentScript {
  extract?: (episodes: PromptEpisode[], known: PromptKnownEntity[]) => ExtractionAnswer;
  resolve?: (pairs: ResolutionPair[]) => { fact: string; existing: string; relation: 'replaces' | 'duplicate' | 'unrelated'; reason: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

function body(request: RecordedRequest): Record<string, unknown> {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
}

function messages(request: RecordedRequest): { role: string; content: string }[] {
  const m = body(request).messages;
  return Array.isArray(m) ? (m as { role: string; content: string }[]) : [];
}

export function taskOf(request: RecordedRequest): Task | null {
  const b = body(request);
  const rf = b.response_format as { json_schema?: { name?: string } } | undefined;
  const tools = b.tools as { function?: { name?: string } }[] | undefined;
  const name = rf?.json_schema?.name ?? tools?.[0]?.function?.name;
  if (name) return name as Task;
  const system = messages(request)[0]?.content ?? '';
  if (system.startsWith('You maintain the long-term memory')) return 'memory_extraction';
  if (system.startsWith('You keep a personal memory')) return 'conflict_resolution';
  if (system.startsWith('You write short summaries')) return 'entity_summaries';
  if (system.startsWith('You reflect')) return 'weekly_reflection';
  return null;
}

export function userPrompt(request: RecordedRequest): string {
  return messages(request)[1]?.content ?? '';
}

export function parseEpisodes(prompt: string): PromptEpisode[] {
  return [...prompt.matchAll(/^\[(E\d+)\] (\S+) \([^)]*\): (.*)$/gm)].map((m) => ({ ref: m[1] ?? '', role: m[2] ?? '', text: m[3] ?? '' }));
}

export function parseKnown(prompt: string): PromptKnownEntity[] {
  return [...prompt.matchAll(/^\[(K\d+)\] (.+?) \(/gm)].map((m) => ({ ref: m[1] ?? '', name: m[2] ?? '' }));
}

export function parsePairs(prompt: string): ResolutionPair[] {
  const out: ResolutionPair[] = [];
  let fact = '';
  let factText = '';
  for (const line of prompt.split('\n')) {
    const f = /^\[(F\d+)\] (.*)$/.exec(line);
    if (f) {
      fact = f[1] ?? '';
      factText = f[2] ?? '';
      continue;
    }
    const x = /^\s+vs \[(X\d+)\] (.*) \(recorded/.exec(line);
    if (x) out.push({ fact, factText, existing: x[1] ?? '', existingText: x[2] ?? '' });
  }
  return out;
}

/** Default extraction: one semantic fact per user episode, quoting it. */
export function quoteEachUserEpisode(episodes: PromptEpisode[]): ExtractionAnswer {
  return {
    facts: episodes
      .filter((e) => e.role === 'user')
      .map((e) => ({ type: 'semantic', content: `User said: ${e.text}`, source_episodes: [e.ref], entities: [], slot: null, basis: 'stated' as const })),
    entities: [],
    causal_links: [],
  };
}

/** Wrap a JSON answer the way the request asked for it (Ollama's native /api/chat included). */
export function answer(request: RecordedRequest, value: unknown, usage?: { prompt_tokens: number; completion_tokens: number }): ScriptStep {
  const b = body(request);
  if (request.path === '/api/chat') return ollamaReply(typeof value === 'string' ? value : JSON.stringify(value), usage);
  const tools = b.tools as { function?: { name?: string } }[] | undefined;
  const name = tools?.[0]?.function?.name;
  if (name) return { json: chatCompletion({ content: null, tool_calls: [{ name, arguments: JSON.stringify(value) }] }, usage) };
  return { json: chatCompletion(JSON.stringify(value), usage) };
}

export function memoryAgent(script: AgentScript = {}): DynamicStep {
  return (request) => {
    const task = taskOf(request);
    const prompt = userPrompt(request);
    switch (task) {
      case 'memory_extraction':
        return answer(request, (script.extract ?? quoteEachUserEpisode)(parseEpisodes(prompt), parseKnown(prompt)), script.usage);
      case 'conflict_resolution': {
        const pairs = parsePairs(prompt);
        const decisions = script.resolve
          ? script.resolve(pairs)
          : pairs.map((p) => ({ fact: p.fact, existing: p.existing, relation: 'unrelated' as const, reason: 'different things' }));
        return answer(request, { decisions }, script.usage);
      }
      case 'entity_summaries': {
        const refs = [...prompt.matchAll(/^\[(K\d+)\] (.+?) \(/gm)];
        return answer(request, { summaries: refs.map((m) => ({ entity: m[1], summary: `${m[2]} is someone the user talks about.` })) }, script.usage);
      }
      case 'weekly_reflection': {
        const refs = [...prompt.matchAll(/^\[(F\d+)\]/gm)].map((m) => m[1]);
        return answer(request, { observations: ['User had a busy week of changes.'], based_on: refs.slice(0, 3) }, script.usage);
      }
      default:
        return { status: 400, json: { error: { message: 'unknown task', type: 'invalid_request_error', param: null, code: null } } };
    }
  };
}

/** Ollama's native chat answer (POST /api/chat, stream false). */
export function ollamaReply(content: string, usage?: { prompt_tokens: number; completion_tokens: number }): ScriptStep {
  return {
    json: {
      model: 'scripted',
      created_at: '2026-11-23T00:00:00Z',
      message: { role: 'assistant', content },
      done: true,
      done_reason: 'stop',
      prompt_eval_count: usage?.prompt_tokens ?? 10,
      eval_count: usage?.completion_tokens ?? 5,
    },
  };
}

/**
 * How small local models answer: the JSON in a ```json fence with prose around it, enums in the wrong case,
 * arrays left out. `text` is the answer's JSON text (written by hand, so it can be as sloppy as needed).
 */
export function sloppyReply(request: RecordedRequest, text: string): ScriptStep {
  const wrapped = `Sure! Here is the JSON:\n\`\`\`json\n${text}\n\`\`\`\nLet me know if you need anything else.`;
  return request.path === '/api/chat' ? ollamaReply(wrapped) : { json: chatCompletion(wrapped) };
}

/** Prompt pairs per resolution call and per new fact, from the requests a scripted server recorded. */
export function conflictPairStats(requests: readonly RecordedRequest[]): { calls: number; pairs: number; maxPerCall: number; maxPerFact: number; facts: number } {
  let calls = 0;
  let pairs = 0;
  let maxPerCall = 0;
  let maxPerFact = 0;
  let facts = 0;
  for (const r of requests) {
    if (taskOf(r) !== 'conflict_resolution') continue;
    const listed = parsePairs(userPrompt(r));
    calls++;
    pairs += listed.length;
    maxPerCall = Math.max(maxPerCall, listed.length);
    const perFact = new Map<string, number>();
    for (const p of listed) perFact.set(p.fact, (perFact.get(p.fact) ?? 0) + 1);
    facts += perFact.size;
    maxPerFact = Math.max(maxPerFact, ...perFact.values());
  }
  return { calls, pairs, maxPerCall, maxPerFact, facts };
}

const HOBBIES = ['pottery', 'bouldering', 'sourdough baking', 'chess', 'sea swimming', 'birdwatching', 'jazz piano', 'trail running', 'knitting', 'film photography', 'gardening', 'salsa dancing'];
const PLACES = ['Lisbon', 'Porto', 'Berlin', 'Kraków', 'Oslo', 'Leeds', 'Bristol', 'Seville', 'Ghent', 'Turin', 'Bergen', 'Lyon', 'Graz'];
const ADJECTIVES = ['Bright', 'Silent', 'Hidden', 'Broken', 'Golden', 'Last', 'Northern', 'Paper', 'Quiet', 'Wild', 'Lost', 'Salt', 'Iron', 'Glass', 'Winter', 'Velvet'];
const NOUNS = ['Harbour', 'Garden', 'River', 'Lantern', 'Orchard', 'Atlas', 'Letters', 'Mountain', 'Kingdom', 'Station', 'Island', 'Machine', 'Summer', 'Archive', 'Forest', 'Bridge'];
const DISHES = ['paella', 'ramen', 'lasagne', 'dal', 'pierogi', 'tagine', 'risotto', 'curry', 'goulash', 'bibimbap', 'moussaka'];
const FRIENDS = ['Ines', 'Tomasz', 'Aiko', 'Femi', 'Lena', 'Rafael', 'Nora', 'Yusuf', 'Greta', 'Omar'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A two-speaker transcript ("Dave: …" / "Maya: …") of `sessions` × `turns`, deterministic, for the conflict
 * candidate measurements: every turn is a first-person statement of a few distinct things (a book, a dish
 * for a friend, a trip, a hobby), so a memory agent writes hundreds of different facts, each naming a speaker.
 */
export function twoSpeakerTranscript(sessions: number, turns: number, speakers: readonly [string, string] = ['Dave', 'Maya']): { sessionId: string; speaker: string; text: string }[][] {
  const out: { sessionId: string; speaker: string; text: string }[][] = [];
  let k = 0;
  const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
  for (let s = 0; s < sessions; s++) {
    const session: { sessionId: string; speaker: string; text: string }[] = [];
    for (let t = 0; t < turns; t++, k++) {
      const title = `${pick(ADJECTIVES, k)} ${pick(NOUNS, Math.floor(k / ADJECTIVES.length) + k)}`;
      const text = `I read ${title}, cooked ${pick(DISHES, k)} for ${pick(FRIENDS, Math.floor(k / 3))} and visited ${pick(PLACES, k * 7)} in ${pick(MONTHS, k * 5)}; I still love ${pick(HOBBIES, Math.floor(k / 2))}.`;
      session.push({ sessionId: `conv-${s + 1}`, speaker: speakers[t % 2] as string, text });
    }
    out.push(session);
  }
  return out;
}

/**
 * A memory agent that writes four clean facts per turn of such a transcript, each naming its speaker (a
 * person entity): "Dave read Bright Harbour", "Dave cooked ramen for Aiko", "Dave visited Oslo in March",
 * "Dave loves chess" (opinion). Conflict questions are answered "unrelated".
 */
export function speakerFactsScript(): AgentScript {
  return {
    extract: (episodes, known) => {
      const facts: ExtractionAnswer['facts'] = [];
      const entities = new Map<string, ExtractionAnswer['entities'][number]>();
      const entity = (name: string, type: string): void =>
        void entities.set(name, { name, type, aliases: [], known_id: known.find((k) => k.name === name)?.ref ?? null, description: null });
      for (const e of episodes) {
        const m = /^(\S+): I read (.+), cooked (\S+) for (\S+) and visited (\S+) in (\S+); I still love (.+)\.$/u.exec(e.text);
        if (!m) continue;
        const [, speaker = '', book = '', dish = '', friend = '', place = '', month = '', hobby = ''] = m;
        entity(speaker, 'person');
        entity(friend, 'person');
        entity(place, 'place');
        const base = { source_episodes: [e.ref], basis: 'stated' as const };
        facts.push({ ...base, type: 'semantic', content: `${speaker} read ${book}`, entities: [speaker], slot: null });
        facts.push({ ...base, type: 'semantic', content: `${speaker} cooked ${dish} for ${friend}`, entities: [speaker, friend], slot: null });
        facts.push({ ...base, type: 'semantic', content: `${speaker} visited ${place} in ${month}`, entities: [speaker, place], slot: null });
        facts.push({ ...base, type: 'opinion', content: `${speaker} loves ${hobby}`, entities: [speaker], slot: `${speaker.toLowerCase()}.opinion.${hobby.replace(/\s+/g, '_')}` });
      }
      return { facts, entities: [...entities.values()], causal_links: [] };
    },
  };
}

const SENTENCE = /[^.!?]+[.!?]*/g;
const PROPER_NOUN = /\b[A-Z][a-z]{2,}(?:\s[A-Z][a-z]+)*\b/g;
const NOT_NAMES = new Set(['The', 'This', 'That', 'And', 'But', 'She', 'His', 'Her', 'They', 'You', 'Yes', 'Yeah', 'Well', 'Oh', 'Ha', 'Honestly', 'Anyway', 'What', 'How', 'When', 'Where', 'Why', 'Who', 'Which', 'Also', 'Just', 'Still', 'Maybe', 'Okay', 'Good', 'Thanks', 'There', 'Then', 'Not', 'Our', 'Its', 'Did', 'Does', 'Have', 'Has', 'Will', 'Would', 'Can', 'Could', 'Are', 'Was', 'Were', 'Speaking', 'Give', 'Tell', 'Let', 'Nice', 'Sounds', 'Wow', 'Finally', 'Barely', 'Sure', 'Really', 'Right', 'Totally', 'Definitely', 'Exactly', 'Hey', 'Hi', 'Hello', 'Congrats', 'Congratulations', 'Wait', 'Sorry', 'Please', 'Actually', 'Probably', 'Lol', 'Aww', 'Ooh', 'Haha', 'Ugh', 'Hmm', 'One', 'Two', 'Three', 'Every', 'Some', 'Most', 'Last', 'Next', 'Christmas', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

/** "I did X, my cat…" as said by Priya → "Priya did X, Priya's cat…": facts are written in the third person. */
function thirdPerson(sentence: string, speaker: string): string {
  return sentence
    .replace(/\bI'm\b/g, `${speaker} is`)
    .replace(/\bI've\b/g, `${speaker} has`)
    .replace(/\bI'll\b/g, `${speaker} will`)
    .replace(/\bI'd\b/g, `${speaker} would`)
    .replace(/\bI\b/g, speaker)
    .replace(/\b[Mm]y\b/g, `${speaker}'s`)
    .replace(/\b[Mm]e\b/g, speaker)
    .replace(/\b[Mm]yself\b/g, speaker);
}

/**
 * A prolific model-written memory, as a capable memory agent writes it for a two-person chat: every
 * statement of either speaker becomes a third-person fact naming the speaker (hundreds per conversation),
 * with the speakers and the other names as entities, plus a few facts about the pair restated in every page
 * (the kind that crowded every question's results). Questions are skipped, as the extraction prompt asks.
 */
export function prolificSpeakerFacts(episodes: PromptEpisode[]): ExtractionAnswer {
  const facts: ExtractionAnswer['facts'] = [];
  const names = new Map<string, string>();
  const speakers: string[] = [];
  for (const e of episodes) {
    const m = /^([\p{Lu}][\p{L}'-]+): (.*)$/u.exec(e.text);
    const speaker = m?.[1];
    const text = m?.[2] ?? e.text;
    if (!speaker) continue;
    if (!speakers.includes(speaker)) speakers.push(speaker);
    names.set(speaker, 'person');
    for (const raw of text.match(SENTENCE) ?? []) {
      const sentence = raw.trim();
      if (sentence.endsWith('?') || sentence.split(/\s+/).length < 5) continue;
      const content = thirdPerson(sentence.replace(/[.!]+$/, ''), speaker);
      const mentioned = [...new Set((content.match(PROPER_NOUN) ?? []).filter((n) => !NOT_NAMES.has(n)))];
      for (const n of mentioned) if (!names.has(n)) names.set(n, 'concept');
      const about = mentioned.includes(speaker) ? mentioned : [speaker, ...mentioned];
      facts.push({
        type: /\b(love|hate|prefer|like|enjoy|favou?rite)s?\b/i.test(sentence) ? 'opinion' : 'semantic',
        content: mentioned.includes(speaker) ? `${content}.` : `${speaker}: ${content}.`,
        source_episodes: [e.ref],
        entities: about,
        slot: null,
        basis: 'stated',
      });
    }
  }
  const [a, b] = speakers;
  if (a && b) {
    const first = episodes[0]?.ref ?? 'E1';
    facts.push(
      { type: 'semantic', content: `${a} and ${b} are close friends who talk regularly.`, source_episodes: [first], entities: [a, b], slot: null, basis: 'inferred' },
      { type: 'opinion', content: `${a} values ${b}'s support and advice.`, source_episodes: [first], entities: [a, b], slot: null, basis: 'inferred' },
      { type: 'semantic', content: `${b} often asks ${a} about ${a}'s life and work.`, source_episodes: [first], entities: [a, b], slot: null, basis: 'inferred' },
    );
  }
  return {
    facts,
    entities: [...names].map(([name, type]) => ({ name, type, aliases: [], known_id: null, description: null })),
    causal_links: [],
  };
}
