/**
 * The offline extractor's view of English text: sentences of tokens with universal POS tags, lemmas and
 * negation. Behind an interface so the library is a choice measured on fixtures (bench/extraction.ts), not
 * a dependency of the rules: `wink-nlp` with `wink-eng-lite-web-model` is the one shipped (see
 * docs/write-path.md for the figures). The model (a few MB) loads on first use, once per process, so
 * start-up and the hot path never pay for it.
 */

import { isListedFirstName } from './first-names';
import { everydayWordFirmsAtWork, firmNamesBySuffix, unknownNameBeforeNickname, firstNamesAtPersonCues, lettersOnly, restoreNameCase, unknownNameAfterGreeting, unknownNamesAfterNameIs, unknownNamesAfterPlaceWords, unknownNamesInCouples, unknownSurnamesAfter, withInstitutionWords, type ModelWord } from './name-case';
import { messageLines } from './message-lines';

/** Universal POS tags (the subset the rules look at; anything else is X). */
export type Pos = 'ADJ' | 'ADP' | 'ADV' | 'AUX' | 'CCONJ' | 'DET' | 'INTJ' | 'NOUN' | 'NUM' | 'PART' | 'PRON' | 'PROPN' | 'PUNCT' | 'SCONJ' | 'SYM' | 'VERB' | 'X';

export interface Token {
  /** As written. */
  text: string;
  /** Lower-cased dictionary form ("lives" → "live", "was" → "be"). */
  lemma: string;
  pos: Pos;
  /** Whitespace before the token in the original text. */
  space: string;
}

export interface Sentence {
  tokens: Token[];
}

export type NamedEntityKind = 'person' | 'place' | 'organization';

export interface TextAnalyzer {
  readonly name: string;
  sentences(text: string): Sentence[];
  /** Kinds of proper names the library recognises in the text (lower-cased name → kind), when it can. */
  namedEntities?(text: string): Map<string, NamedEntityKind>;
  /**
   * A message typed all in lower case ("i moved to lisbon", "i work at google") with the places and organisations
   * the library knows capitalised, so the tagger reads them as names; other text unchanged.
   */
  restoreNameCase?(text: string): string;
  /** Whether the library knows a name as an organisation ("Google", "Acme Corp"), when it can tell. */
  isOrganisation?(name: string): boolean;
  /**
   * Whether a single word is an everyday word and no first name ("knackered", "skint", "hungover"; not "grace",
   * "priya"), when it can tell: "Im Knackered" typed in title case names nobody.
   */
  isEverydayWord?(word: string): boolean;
}

/** Tokens back to text, with the original spacing. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens
    .map((t, i) => (i === 0 ? t.text : t.space + t.text))
    .join('')
    .trim();
}

const POS_TAGS = new Set<string>(['ADJ', 'ADP', 'ADV', 'AUX', 'CCONJ', 'DET', 'INTJ', 'NOUN', 'NUM', 'PART', 'PRON', 'PROPN', 'PUNCT', 'SCONJ', 'SYM', 'VERB']);
const asPos = (tag: string): Pos => (POS_TAGS.has(tag) ? (tag as Pos) : 'X');

let wink: Promise<TextAnalyzer> | null = null;

/** wink-nlp with its lite English model, loaded on first call and shared by the process. */
export function winkAnalyzer(): Promise<TextAnalyzer> {
  wink ??= (async () => {
    const [{ default: winkNLP }, { default: model }, { default: compromise }] = await Promise.all([
      import('wink-nlp'),
      import('wink-eng-lite-web-model'),
      import('compromise'),
    ]);
    // Only what the rules read: sentences, and tags (lemmas follow from them). Entity recognition and sentiment
    // were two thirds of the reading time and change no token, tag or lemma (checked on the fixtures).
    const nlp = winkNLP(model, ['sbd', 'pos']);
    const its = nlp.its;
    // The model numbers its own words first; a word it has never seen gets a number past them all (checked: the
    // probe gets the first new number, later unseen words the next ones; this instance is the model's only reader).
    const vocabulary = (nlp.readDoc('qzxjvkwpqh').tokens().out(its.uniqueId) as number[])[0] ?? Number.POSITIVE_INFINITY;
    // The last text's known names: capitalising a message asks for them, and so does guessing (below).
    let lastKnown: { text: string; names: string[]; acronyms: ReadonlySet<string> } | null = null;
    const knownNames = (text: string): string[] => {
      if (lastKnown?.text !== text) {
        const doc = compromise(text);
        // "me and priya split up": a word no dictionary knows, in a couple's news, is the partner's name.
        // "heyy im priya btw": a word no dictionary knows, introduced after a greeting, is the speaker's name.
        const words = wordsOf(text);
        const atCues = firstNamesAtPersonCues(text, doc.match('#FirstName').out('array') as string[]);
        const cued = new Set(atCues.map((n) => lettersOnly(n).toLowerCase()));
        const firstNames = [...atCues, ...unknownSurnamesAfter(words, cued), ...unknownNamesInCouples(words), ...unknownNameAfterGreeting(words, firstNameToo), ...unknownNameBeforeNickname(words, text, mayBeNickname), ...unknownNamesAfterNameIs(words, cued, firstNameToo)];
        const acronyms = new Set((doc.match('#Acronym').out('array') as string[]).map((a) => lettersOnly(a).toLowerCase()));
        lastKnown = { text, names: [...(doc.places().out('array') as string[]), ...(doc.organizations().out('array') as string[]), ...firstNames], acronyms };
      }
      return lastKnown.names;
    };
    // What follows "call me" may be a nickname: a word no dictionary knows, or a first name ("jay", "sam").
    const mayBeNickname = (w: string): boolean => {
      const word = wordsOf(w)[0];
      return word !== undefined && (!word.known || firstNameToo(w) || isListedFirstName(w));
    };
    // ("ibm", "bbc": the names compromise knows as acronyms, read with the known names.)
    const knownAcronyms = (text: string): ReadonlySet<string> => {
      knownNames(text);
      return lastKnown?.acronyms ?? new Set();
    };
    // Names on a guess: words no dictionary knows where a home or an employer goes (name-case.ts). The lite model
    // knows no proper names at all ("paris" is as unknown as "bedminster"): what compromise knows is no guess.
    const guessed = (text: string): string[] => {
      const known = new Set(knownNames(text).map((n) => lettersOnly(n).toLowerCase()));
      const words = wordsOf(text);
      return [...unknownNamesAfterPlaceWords(words), ...everydayWordFirmsAtWork(words), ...firmNamesBySuffix(text)].filter((n) => !known.has(n));
    };
    /** Each word of `text` with its tag, lemma and whether the model has seen it. */
    const wordsOf = (text: string): ModelWord[] => {
      // (wink's types do not accept its.lemma on a document's tokens, though the call works: read as the sentences do.)
      const tokens = nlp.readDoc(text).tokens() as unknown as { out(f: unknown): unknown };
      const values = tokens.out(its.value) as string[];
      const ids = tokens.out(its.uniqueId) as number[];
      const pos = tokens.out(its.pos) as string[];
      const lemmas = tokens.out(its.lemma) as string[];
      return values.map((v, i) => ({ text: v, lemma: (lemmas[i] ?? v).toLowerCase(), known: (ids[i] ?? 0) < vocabulary, pos: asPos(pos[i] ?? 'X') }));
    };
    /**
     * A verb the lemmatiser leaves as it is, with a prefix on a verb it knows: "uninstalled" is "uninstall" ("installed" →
     * "install"), "reinstalled" and "re-installed" "reinstall", as the change rules look verbs up by lemma.
     */
    const prefixedLemma = (word: string, lemma: string, tag: string | undefined): string => {
      const prefixed = tag === 'VERB' && lemma === word.toLowerCase() ? /^(un|re|de|dis)-?(\p{L}{4,}(?:ed|ing|s))$/u.exec(lemma) : null;
      const stem = prefixed ? wordsOf(prefixed[2] ?? '')[0] : undefined;
      // (A stem the lemmatiser changes is a verb it can read, in its vocabulary or not: "redownloaded", "re-installed".)
      return prefixed && stem && stem.lemma !== prefixed[2] ? `${prefixed[1] ?? ''}${stem.lemma}` : lemma;
    };
    /**
     * Whether a dictionary word is a first name too: one compromise knows ("grace", "jo"), or a listed one that reads as a
     * noun and no role ("max", "robin", "bill"; not "will", "june", "happy", "frank", which read as another part of speech
     * first, nor "queen", "bishop", "april": a role or a date).
     */
    const firstNameToo = (word: string): boolean => {
      const doc = compromise(word.toLowerCase());
      return doc.has('#FirstName') || (isListedFirstName(word) && doc.has('#Noun') && !doc.has('#Actor') && !doc.has('#Date'));
    };
    return {
      name: 'wink-nlp',
      restoreNameCase: (text: string): string =>
        restoreNameCase(text, (t) => withInstitutionWords(t, [...knownNames(t), ...guessed(t)]), (name) => knownAcronyms(text).has(name)),
      isOrganisation: (name: string): boolean => compromise(`I work with ${name}`).organizations().found,
      // The lite model knows no proper names, so a word it knows is a word; compromise knows first names.
      isEverydayWord: (word: string): boolean => wordsOf(word.toLowerCase())[0]?.known === true && !firstNameToo(word),
      namedEntities: (text: string): Map<string, NamedEntityKind> => {
        const doc = compromise(text);
        return namesByKind([
          ['person', doc.people().out('array') as string[]],
          ['place', doc.places().out('array') as string[]],
          ['organization', doc.organizations().out('array') as string[]],
        ]);
      },
      sentences(text: string): Sentence[] {
        const out: Sentence[] = [];
        // Each line as the chat's shape says to read it (message-lines.ts).
        for (const line of messageLines(text)) {
          nlp
            .readDoc(line)
            .sentences()
            .each((s: { tokens(): { out(f: unknown): unknown } }) => {
              const tokens = s.tokens();
              const values = tokens.out(its.value) as string[];
              const pos = tokens.out(its.pos) as string[];
              const lemmas = tokens.out(its.lemma) as string[];
              const spaces = tokens.out(its.precedingSpaces) as string[];
              out.push({
                tokens: freelanceAsAState(leadAsANoun(vapingAsAVerb(firstNamesAsNames(joinSplitWords(values.map((v, i) => ({ text: v, lemma: prefixedLemma(v, (lemmas[i] ?? v).toLowerCase(), pos[i]), pos: asPos(pos[i] ?? 'X'), space: spaces[i] ?? ' ' }))))))),
              });
            });
        }
        return out;
      },
    };
  })();
  return wink;
}

/**
 * The library's names by kind as the rules look them up: lower-cased, without the punctuation it leaves on
 * ("porto!!", "(Acme)"). A name it files under two kinds keeps the first (people, then places).
 */
function namesByKind(found: readonly (readonly [NamedEntityKind, readonly string[]])[]): Map<string, NamedEntityKind> {
  const out = new Map<string, NamedEntityKind>();
  for (const [kind, names] of found) {
    for (const raw of names) {
      const name = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/u, '').toLowerCase();
      if (name.length > 1 && !out.has(name)) out.set(name, kind);
    }
  }
  return out;
}

const TITLE_CASE = /^\p{Lu}\p{Ll}+$/u;

/**
 * A first name that is also a word, capitalised before a surname: "I'm Will Turner", "Rose Baker", "Hope Mills". The
 * tagger reads "Will" as the verb and "Rose" as "rise", and the name is lost; a capitalised word inside a sentence
 * right before a name is part of it. The first word of a sentence is left alone ("Will Sam come?").
 */
export function firstNamesAsNames(tokens: readonly Token[]): Token[] {
  return tokens.map((t, i) => {
    const next = tokens[i + 1];
    if (i === 0 || t.pos === 'PROPN' || !TITLE_CASE.test(t.text) || next?.pos !== 'PROPN' || !TITLE_CASE.test(next.text)) return t;
    return { ...t, pos: 'PROPN', lemma: t.text.toLowerCase() };
  });
}

/**
 * "i vape", "i don't vape anymore", "vaped for years": the dictionary does not know "vape" as a verb (a noun, "vaping"
 * lemmatised as itself), so the habit's verb is read as one after a subject or an auxiliary ("a vape" stays a noun).
 */
export function vapingAsAVerb(tokens: readonly Token[]): Token[] {
  return tokens.map((t, i) => {
    const form = /^vap(?:e|es|ed|ing)$/i.test(t.text);
    const before = tokens[i - 1];
    const verb = t.pos === 'VERB' || /(?:ed|ing)$/i.test(t.text) || ['PRON', 'AUX', 'PART', 'ADV'].includes(before?.pos ?? '') || (before?.pos === 'PROPN' && /^i['’]?m$/i.test(before.text));
    return form && verb ? { ...t, pos: 'VERB', lemma: 'vape' } : t;
  });
}

/**
 * "a team lead", "the tech lead at Monzo", "new job: team lead at Kestrel": the tagger reads "lead" after a noun as the
 * verb, and the role is lost. After a noun with an article, a possessive, "to" or "as" before it ("promoted to team
 * lead", "hired as tech lead"), or a singular noun opening the
 * clause, and with no object after, it is the noun ("they lead the team", "teachers lead by example", "the team lead
 * the way" stay verbs).
 */
export function leadAsANoun(tokens: readonly Token[]): Token[] {
  return tokens.map((t, i) => {
    const [before, article, after] = [tokens[i - 1], tokens[i - 2], tokens[i + 1]];
    if (t.pos !== 'VERB' || !/^lead$/i.test(t.text) || before?.pos !== 'NOUN') return t;
    const determined = article !== undefined && (article.pos === 'DET' || /^(?:my|our|your|his|her|their|to|as)$/i.test(article.text));
    const opening = (article === undefined || article.pos === 'PUNCT') && !/s$/i.test(before.text);
    const noObject = after === undefined || ['ADP', 'PUNCT', 'ADV', 'CCONJ', 'AUX', 'VERB'].includes(after.pos);
    return (determined || opening) && noObject ? { ...t, pos: 'NOUN', lemma: 'lead' } : t;
  });
}

/** A form of "be" as chats type it ("i'm" and "im" come as one token). */
const BE_FORMS = /^(?:am|is|are|was|were|be|been|being|['’]m|['’]re|['’]s|i['’]?m)$/i;

/**
 * "I'm freelance now", "she is freelance": the tagger reads "freelance" after "be" as a verb or a noun, so "is
 * freelance" became a verb group of its own and the state was lost; after a form of "be" it is the adjective.
 */
export function freelanceAsAState(tokens: readonly Token[]): Token[] {
  return tokens.map((t, i) => (/^freelance$/i.test(t.text) && t.pos !== 'ADJ' && BE_FORMS.test(tokens[i - 1]?.text ?? '') ? { ...t, pos: 'ADJ', lemma: 'freelance' } : t));
}

/** A letter beyond Latin-1 ("ń", "ł", "ż", "ğ", "ř"): wink's tokenizer cuts words at it. */
const EXTENDED_LATIN = /[\u0100-\u024f\u1e00-\u1eff]/u;

/**
 * Words wink cut at a letter it does not know, joined again: "Poznań" comes out as "Pozna" + "ń", "Gdańsk" as
 * "Gda" + "ń" + "sk", "Wrocław" as "Wroc" + "ł" + "aw". A piece with no space before it, where that letter
 * meets a letter across the cut, belongs to the word before; the word keeps the first piece's tag.
 */
export function joinSplitWords(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const prev = out.at(-1);
    const cut = prev !== undefined && t.space === '' && /\p{L}$/u.test(prev.text) && /^\p{L}/u.test(t.text) && (EXTENDED_LATIN.test(t.text.charAt(0)) || EXTENDED_LATIN.test(prev.text.at(-1) ?? ''));
    if (!cut) {
      out.push(t);
      continue;
    }
    const text = prev.text + t.text;
    // A word that starts with such a letter ("Łódź", "Żabka") was tagged by that letter alone (X): a capital
    // then says it is a name, as it would have for "Lodz".
    const pos = prev.pos === 'X' && EXTENDED_LATIN.test(prev.text) && prev.text.length === 1 ? (/^\p{Lu}/u.test(text) ? 'PROPN' : t.pos) : prev.pos;
    out[out.length - 1] = { ...prev, text, lemma: text.toLowerCase(), pos };
  }
  return out;
}
