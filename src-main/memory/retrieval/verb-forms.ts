/**
 * Irregular verbs in a question, in the forms a chat says them: "could she have driven there?" is answered by
 * "no driving for 6 weeks", "what did he teach?" by "i taught year 9s", "when did they meet?" by "we met at uni".
 * The full-text index stems with Porter, which joins "worked" to "work" but not "drove" to "drive" or "taught" to
 * "teach": a question's verb is also searched in its forms that stem apart. compromise's conjugation (its lexicon
 * and suffix models, no parse: microseconds a word) gives the forms; it is loaded on the first search.
 */
import { stemWord } from '../../embeddings/offline';
import { MAX_QUERY_TERMS } from './text';

/** The forms of a question's verbs that the index does not join to the words the question says. */
export type VerbForms = (words: readonly string[]) => string[];

/** Tags compromise's lexicon gives a verb's own forms. */
const VERB_TAGS = new Set(['Infinitive', 'PastTense', 'Participle', 'Gerund', 'PresentTense']);
/** Verbs whose forms say nothing on their own ("had", "did", "got"): searching them adds only noise. */
const FORMLESS = new Set(['be', 'have', 'do', 'get', 'go', 'make', 'let', 'say', 'can', 'will', 'shall', 'may', 'must']);

/** The part of compromise this reads; checked when loaded. */
interface Conjugation {
  lexicon: Readonly<Record<string, unknown>>;
  toInfinitive(word: string, tag: string): string;
  conjugate(infinitive: string): Readonly<Record<string, unknown>>;
}

/** What a search reads of compromise's lexicon: the verb forms, and the first names (answer-kinds.ts). */
export interface LexiconWords {
  forms: VerbForms;
  /** Lower-cased first names ("fiona", "dave", "tomasz"): a chat typed in lower case names people with them. */
  firstNames: ReadonlySet<string>;
  /** Lower-cased places ("edinburgh", "leeds", "porto", "new york"): a chat names them so as often as with a capital. */
  places: ReadonlySet<string>;
}

let loaded: Promise<LexiconWords> | null = null;

/** compromise's lexicon, loaded once per process (an engine starts loading it when it opens: see preloadVerbForms). */
export function lexiconWords(): Promise<LexiconWords> {
  loaded ??= import('compromise').then(({ default: nlp }) => {
    const conj = conjugationOf(nlp);
    return { forms: formsFrom(conj), firstNames: firstNamesOf(conj.lexicon), places: placesOf(conj.lexicon) };
  });
  return loaded;
}

/** compromise's tags for a first name. Words it tags otherwise ("will", "may", "rose", "frank") are not names here. */
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName']);

function firstNamesOf(lexicon: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const [word, tag] of Object.entries(lexicon)) if (typeof tag === 'string' && NAME_TAGS.has(tag) && /^\p{L}{3,}$/u.test(word)) names.add(word);
  return names;
}

/** compromise's tags for a place: cities, countries, regions and named places ("brighton", "battersea"). */
const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place']);

/**
 * The places of compromise's lexicon of one to three words, the first of four letters or more: its shorter ones are
 * airport codes and abbreviations ("den", "las", "ord", "rd", "ave") that are everyday words in a chat.
 */
function placesOf(lexicon: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const places = new Set<string>();
  for (const [word, tag] of Object.entries(lexicon)) {
    const tags = Array.isArray(tag) ? tag : [tag];
    if (tags.includes('Abbreviation') || !tags.some((t) => typeof t === 'string' && PLACE_TAGS.has(t))) continue;
    if (/^\p{L}{4,}(?: \p{L}+){0,2}$/u.test(word)) places.add(word);
  }
  return places;
}

function conjugationOf(nlp: unknown): Conjugation {
  const api = nlp as { model?: () => unknown; methods?: () => unknown };
  const model = api.model?.() as { one?: { lexicon?: Record<string, unknown> } } | undefined;
  const verb = (api.methods?.() as { two?: { transform?: { verb?: Record<string, unknown> } } } | undefined)?.two?.transform?.verb;
  const lexicon = model?.one?.lexicon;
  const toInfinitive = verb?.toInfinitive;
  const conjugate = verb?.conjugate;
  if (!lexicon || typeof toInfinitive !== 'function' || typeof conjugate !== 'function') {
    throw new Error('compromise: no verb conjugation in this version');
  }
  return {
    lexicon,
    toInfinitive: (word, tag) => String((toInfinitive as (w: string, m: unknown, t: string) => unknown)(word, model, tag)),
    conjugate: (infinitive) => (conjugate as (w: string, m: unknown) => Record<string, unknown>)(infinitive, model) ?? {},
  };
}

function formsFrom(conj: Conjugation): VerbForms {
  // Per verb of the lexicon only: a pasted page's other words are not kept.
  const memo = new Map<string, readonly string[]>();
  const formsOf = (word: string): readonly string[] => {
    const tag = conj.lexicon[word];
    if (typeof tag !== 'string' || !VERB_TAGS.has(tag)) return [];
    let forms = memo.get(word);
    if (forms) return forms;
    const infinitive = tag === 'Infinitive' ? word : conj.toInfinitive(word, tag);
    const all = FORMLESS.has(infinitive) ? [] : [infinitive, ...Object.values(conj.conjugate(infinitive)).filter((f): f is string => typeof f === 'string')];
    // Only real words (not "coulded").
    forms = [...new Set(all.filter((f) => /^[a-z]+$/.test(f) && f in conj.lexicon))];
    memo.set(word, forms);
    return forms;
  };
  return (words) => {
    // One form per stem the index does not join to a word of the question: "spend", "spends", "spending" are one
    // term to it, and three would weigh that stem three times.
    const stems = new Set(words.map((w) => stemWord(w.toLowerCase())));
    const out: string[] = [];
    for (const word of words.slice(0, MAX_QUERY_TERMS)) {
      for (const form of formsOf(word.toLowerCase())) {
        const stem = stemWord(form);
        if (stems.has(stem)) continue;
        stems.add(stem);
        out.push(form);
      }
    }
    return out;
  };
}

/** Starts loading the conjugator, so a first search does not wait for it; a failure is the first search's warning. */
export function preloadVerbForms(): void {
  lexiconWords().catch(() => undefined);
}
