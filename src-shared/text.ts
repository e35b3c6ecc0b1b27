/**
 * The one text module: the stopword lists, and quoting for FTS5 MATCH. Used by the offline embedder (its weights),
 * retrieval (query terms), and the write path (fact comparison, conflict candidates). Imports nothing.
 *
 * The offline embedder weights STOPWORDS into its vectors: changing the list changes stored vectors, so it must
 * come with a new OFFLINE_EMBEDDER_ID (embeddings/offline.ts).
 */

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    // English function words, auxiliaries, pronouns, question words and chat filler.
    'a about above after again against all also am an and any are aren arent as at be because been ' +
    'before being below between both but by can cannot cant could couldn did didn didnt do does doesn ' +
    'doesnt doing don dont done down during each either else even ever every few for from further get ' +
    'gets getting got had hadn hasn has have haven havent having he her here hers herself him himself ' +
    'his how however i if im in into is isn isnt it its itself ive just let lets me might mine more most ' +
    'much must my myself no nor not now of off oh ok okay on once one only or other our ours ourselves ' +
    'out over own please quite rather really same she should shouldn so some such than that thats the ' +
    'their theirs them themselves then there theres these they this those though through to too under ' +
    'until up upon us very was wasn we were weren what whats when whenever where whether which while ' +
    'who whom whose why will with won wont would wouldn yes yeah yet you your youre yours yourself ' +
    'yourselves hey hi hello thanks thank anything something everything nothing thing things ' +
    'remember recall told tell telling said say saying mention mentioned know knew going gonna ' +
    // Russian.
    'а без бы был была были было быть в вам вас во вот все всё вы где да даже для до его ее её если ' +
    'есть еще ещё же за и из или им их к как когда кто ли либо мне мной мы на над не нет ни но ну о об ' +
    'однако он она они оно от по под при про с со так также там то тоже только ты у уже чем что чтобы ' +
    'это эта эти этот я меня мой моя мои тебя тебе твой помнишь скажи сказал сказала говорил говорила'
  ).split(' '),
);

/**
 * Words that carry no content in a stated fact, for comparing two facts (deduplication, word overlap). Narrower
 * than STOPWORDS on purpose: in a fact, "said", "know" or "remember" change what it says; in a search query they
 * are filler. "user" is the person's own label: "User lives in Berlin" and "Lives in Berlin" say the same thing.
 */
export const FACT_STOPWORDS: ReadonlySet<string> = new Set(
  'a an the and or but of to in on at for with by from as is are was were be been being it its this that these those i me my we our you your he she they them their user users s do does did has have had not no so very just also really'.split(' '),
);

/** For a full-text search over facts (conflict candidates): both lists, since it is a query about a fact. */
export function isFactQueryStopword(word: string): boolean {
  return FACT_STOPWORDS.has(word) || STOPWORDS.has(word);
}

/**
 * A term as an FTS5 string: user text never becomes FTS5 syntax (operators, NEAR, parentheses, `*`, `:`),
 * so it cannot be a syntax error either. Quotes inside are doubled.
 */
export function quoteFtsTerm(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * Whether `text` may hold a time expression chrono-node dates: every English one it reads contains a digit or one
 * of these words. Text with none is not parsed at all: chrono costs ~0.2 ms a call, a long message has thousands
 * of clauses, and its large patterns are compiled again now and then (a first parse after a while took 0.2–1 s
 * of a 100k-character URL's search). Shared by the write path's time reading and the read path's implied window.
 */
const MAY_NAME_A_TIME =
  /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|today|tonight|tomorrow|tmr|overmorrow|yesterday|ago|last|next|this|past|earlier|later|recently|now|noon|midday|midnight|morning|afternoon|evening|night|day|week|weekend|fortnight|month|year|decade|century|hour|minute|second|quarter|spring|summer|autumn|fall|winter)/i;

export function mayNameATime(text: string): boolean {
  return MAY_NAME_A_TIME.test(text);
}

/**
 * `text` in consecutive pieces of at most about `maxChars`, each cut after a whitespace where there is one (a
 * sentence end first), with the offset where it starts. Parsers whose cost grows faster than the length
 * (chrono-node's refiners look back over everything before each match) run per piece, so a 100,000-character
 * message costs a hundred small parses, not one quadratic one. An expression cut in two at a boundary is lost:
 * with a whitespace cut after a sentence end, that is rare.
 */
export function textPieces(text: string, maxChars = 1_000): { text: string; index: number }[] {
  const pieces: { text: string; index: number }[] = [];
  let from = 0;
  while (text.length - from > maxChars) {
    const window = text.slice(from, from + maxChars);
    // Just after a sentence's end (its space or line break included), else after the last whitespace.
    const after = (mark: string): number => {
      const at = window.lastIndexOf(mark);
      return at < 0 ? -1 : at + mark.length;
    };
    const sentenceEnd = Math.max(after('. '), after('! '), after('? '), after('\n'));
    let space = window.length - 1;
    while (space > 0 && !/\s/u.test(window[space] ?? '')) space--;
    const cut = sentenceEnd > maxChars / 2 ? sentenceEnd : space > 0 ? space + 1 : maxChars;
    pieces.push({ text: text.slice(from, from + cut), index: from });
    from += cut;
  }
  pieces.push({ text: text.slice(from), index: from });
  return pieces;
}

/**
 * What a chat export writes in place of a photo, voice note, sticker or deleted message ("<image omitted>",
 * iOS's "\u200eimage omitted", "[photo]", "voice message (0:42)", "<Media omitted>", "IMG-20231229-WA0003.jpg
 * (file attached)", "<attached: 00000012-PHOTO-2023-12-29.jpg>", "This message was deleted"): a message that says
 * nothing in words. `text` is the message alone, without a "Speaker: " prefix; direction marks around it are
 * ignored. A lone word ("photo", "video") is a message, not a placeholder.
 */
const MEDIA_PLACEHOLDER_FORMS = [
  '<[^<>\\n]{1,40} omitted>',
  '(?:image|video|audio|sticker|gif|document|contact card|media) omitted',
  '<attached: [^<>\\n]{1,120}>',
  '\\[(?:photo|picture|image|video|sticker|gif|audio|file|document|voice message|voice note)[^\\]\\n]{0,40}\\]',
  '(?:voice message|voice note|audio|video)(?: \\(\\d{1,2}:\\d{2}\\))',
  '[\\w.-]{1,80}\\.(?:jpe?g|png|gif|webp|heic|mp4|mov|3gp|opus|ogg|m4a|mp3|pdf|webm) \\(file attached\\)',
  '(?:img|vid|ptt|aud|stk|doc)-\\d{8}-wa\\d{4}\\.\\w{2,4}',
  'this message was deleted|you deleted this message',
];
const DIRECTION_MARKS = '[\\s\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*';
const MEDIA_PLACEHOLDER_RE = new RegExp(`^${DIRECTION_MARKS}(?:${MEDIA_PLACEHOLDER_FORMS.map((form) => `(?:${form})`).join('|')})${DIRECTION_MARKS}$`, 'iu');

export function isMediaPlaceholder(text: string): boolean {
  return MEDIA_PLACEHOLDER_RE.test(text);
}

/** A fact's text as facts are compared: NFKC, lower case, words and numbers only, single spaces. */
export function normaliseFact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "a" or "an" before a word as it is said: "an engineer", "a nurse", and by sound where the letter misleads — "a UI
 * designer", "a university lecturer", "a user researcher", "an hour", "an honest…" ("an umpire", "an undergraduate").
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^u(?:i\b|x\b|ni(?!n)|s[eu]|ti|ro|ku|gan|kr)/.test(w) || /^(?:eu|one\b|once\b)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}
