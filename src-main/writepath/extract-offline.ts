/**
 * Offline extractor (no LLM, ADR 008 §17 degradation). Each utterance is read by the English analyzer
 * (nlp/analyzer.ts, wink-nlp) and its first-person statements become complete third-person clauses
 * (nlp/statements.ts) about whoever said them: the app's user → "User …"; a named speaker of an imported
 * transcript → "Dave …", with the speaker as a person entity; the assistant's turns never give facts.
 * Relative time ("last month") is resolved against the episode's own time. Every fact gets a slot and a
 * normalised value where one is obvious, so contradictions are decided without a model: same slot, different
 * value → the newer one supersedes. Facts are `heuristic` (confidence 0.6, §12.1 inference).
 */
import type { MemoryNode } from '../../src-shared/memory-types';
import { withoutSpeakerPrefix } from '../../src-shared/speakers';
import { emptyUsage, type TokenUsage } from './agent';
import { winkAnalyzer, type TextAnalyzer } from './nlp/analyzer';
import { speakerSubject, type Speaker } from './nlp/statements';
import { habitTurnsAfter } from './nlp/habit-story';
import { jokesTheLastMessageAway, TAKE_BACK_WITHIN_MS, takesBackTheLastMessage } from '../../src-shared/take-backs';
import { answeredText, askedOfSomeoneElse, timeAdded, timeAnswered, whenAnswered } from './nlp/answers';
import { saysOnlyATime, timeMentions } from './nlp/time';
import { spanBack } from './nlp/time-spans';
import { endingOf, noLongerSaid } from './nlp/no-longer';
import { readMessage } from './offline-message';
import { applyCorrection, asName, correctionIn, wordPattern, type Correction } from './nlp/corrections';
import { nameCorrectionIn, type NameJudge } from './nlp/right-word';
import { RELATIONS, SHORT_RELATIONS } from './nlp/lexicon';
import { slotRelation } from '../../src-shared/slot-values';
import { normaliseFact } from './text';
import { textPieces } from '../../src-shared/text';
import type { CandidateFact, ConflictDecision, ConflictQuestion, ExtractedEntity, Extraction, ExtractionPage, Extractor, Resolution } from './types';

/**
 * Who said an episode: a transcript's named speaker (attribute `speaker`, set by the importer), else the
 * app's user for their own turns. Null for the assistant and anything else (tool output, system text).
 * A chat app's display name is read as the person's name: "Jonas ❤️" is Jonas. The others who speak in
 * `page` are the ones the speaker may address by name ("i eat breakfast jonas don't worry").
 */
export function speakerOf(episode: MemoryNode, page: readonly MemoryNode[] = []): Speaker | null {
  return speakerAmong(episode, pageVoices(page));
}

/** The display names of those who speak in a page, each once: read once per page, not once per episode. */
function pageVoices(page: readonly MemoryNode[]): string[] {
  return [...new Set(page.map(displayName).filter((n): n is string => n !== null))];
}

function speakerAmong(episode: MemoryNode, voices: readonly string[]): Speaker | null {
  const shown = displayName(episode);
  const listeners = [...new Set(voices.filter((n) => n !== shown).map(personName))];
  if (shown !== null) return { name: personName(shown), isUser: false, listeners };
  return (episode.sourceRole ?? 'user') === 'user' ? { name: 'User', isUser: true, listeners } : null;
}

function displayName(episode: MemoryNode): string | null {
  const named = episode.attributes.speaker;
  return typeof named === 'string' && named.trim() ? named.trim() : null;
}

const MAX_NAME_CHARS = 200;

/**
 * A display name without its emoji and decoration ("Jonas ❤️", "⭐ Mia ⭐", "Mom 👩‍👧"); as shown when nothing else is
 * left. An emoji goes with the joiners and selectors that belong to it, so a joiner inside an Indic name stays;
 * combining marks are letters' parts ("सीता", NFD "José"); a bracket left open or closed alone goes ("Jonas (work" → "Jonas", "(Mom)" → "Mom").
 */
export function personName(display: string): string {
  // A name is short; an imported file's "speaker" need not be (the trims below would go quadratic on it).
  const name = display
    .slice(0, MAX_NAME_CHARS)
    .normalize('NFC')
    .replace(/(?:\u200d?(?:\p{Extended_Pictographic}|\p{So}|\p{Sk}|\p{Emoji_Modifier})\ufe0f?)+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}\p{M}]+|[^\p{L}\p{N}\p{M}.)]+$/gu, '')
    .replace(/\s*\([^()]*$/u, '')
    .replace(/^([^()]*)\)$/u, '$1')
    .trim();
  return name || display.trim().slice(0, MAX_NAME_CHARS);
}

/** The words of an episode without the "Speaker: " prefix the importer writes into a transcript's text. */
export function spokenText(episode: MemoryNode, speaker: Speaker): string {
  return speaker.isUser ? episode.content : withoutSpeakerPrefix(episode.content, displayName(episode) ?? speaker.name);
}

/**
 * How much of one episode the offline reader takes (about six pages, cut at a sentence end). Reading is linear
 * but not cheap (~0.08 ms a clause, tagging included; 20,000 characters of short first-person sentences took
 * ~110 ms of CPU in consolidation), and a chat message is far shorter: a 100,000-character paste would hold
 * consolidation past its 250 ms budget. The rest of the episode stays in memory and searchable; the cut is
 * listed with the run.
 */
export const MAX_READ_CHARS = 10_000;

/** A bubble that goes on from a diet said just before: "but i eat fish", "tho i do eat fish", "except fish". */
/** A message that states something of now: "i live in york", "i'm vegan", "i work at tesco". */
const SAID_OF_NOW = /^\W*(?:(?:so|well|and|also|btw)\s+)*(?:i'?m|im|i am|we'?re|i (?:live|work|have|do|own|teach|drive|rent|study))\b/i;
/** A message in the past tense: a verb in "-ed" or a common irregular past. */
const SAID_IN_THE_PAST = /\b(?:\w+ed|quit|left|got|went|began|met|split|broke|lost|found|bought|sold|had|was|were|did|made|took|came|gave|won|ran|saw|told)\b/i;
const CAME_BACK = /\b(?:came|come|went|moved|got)\s+(?:back|home)\b|^\W*(?:(?:i'?m|im|we'?re)\s+)?back\s+in\b/i;
const DIET_GOES_ON = /^\W*(?:but|tho|though|except|apart from|other than)\b/i;

/** How long after a question its answer may come: a chat is answered within hours, not days. */
const ANSWER_WITHIN_MS = 12 * 60 * 60 * 1000;

/** A message that only names someone of the speaker's ("so my flatmate", "my dad", "omg my bf"): the next one is about them. */
const PEOPLE_WORDS = [...RELATIONS, ...Object.keys(SHORT_RELATIONS), 'mate', 'pal', 'parents', 'folks', 'kids'];
const NAMES_SOMEONE_ONLY = new RegExp(
  String.raw`^\W*(?:(?:so|and|ok so|omg|guess what|update|btw|ugh|lol)\W+)*(?:my|our)\s+(?:[\p{L}-]+\s+)?(?:${PEOPLE_WORDS.join('|')})[\s.!?…\p{Extended_Pictographic}\uFE0F]*$`,
  'iu',
);
/** Words that say the speaker is in the message. */
const FIRST_PERSON = /\b(?:i|me|my|mine|we|our|us|i'?m|im|i'?ve|ive|i'?d|i'?ll)\b/i;

/** Entities the facts a correction replaced named and the facts now do not: "Leeds" after "*sheffield". */
function dropUnnamed(replaced: readonly CandidateFact[], facts: readonly CandidateFact[], entities: Map<string, ExtractedEntity>): void {
  const named = new Set(facts.flatMap((f) => f.entityNames.map((n) => n.toLowerCase())));
  for (const f of replaced) for (const n of f.entityNames) if (!named.has(n.toLowerCase())) entities.delete(n.toLowerCase());
}

/** The analyzer's name finder, as a correction of a name alone asks it. */
function nameJudge(analyzer: TextAnalyzer): NameJudge {
  return {
    isEverydayWord: (word) => analyzer.isEverydayWord?.(word) ?? false,
    kindOf: (words) => analyzer.namedEntities?.(words.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`)).get(words.toLowerCase()),
  };
}

/** A speaker's last message, as the next one may take it back or correct it. */
interface LastMessage {
  speaker: string;
  /** Where its facts start in the extraction's list. */
  at: number;
  /** When it was sent: a take-back or a correction comes soon after. */
  time: number;
  said: string;
  /** The message a correction applies to, and when it was said: a correction of a correction applies to it again. */
  id: string;
  readAt: number;
  /** The question it answered, if any: read again, it answers the same question. */
  question: string | null;
}

export interface OfflineExtractorOptions {
  /** The English analyzer; default wink-nlp, loaded once per process on first use. */
  analyzer?: () => Promise<TextAnalyzer>;
}

export class OfflineExtractor implements Extractor {
  readonly mode = 'offline' as const;
  readonly model = null;
  readonly usage: TokenUsage = emptyUsage();
  private readonly analyzer: () => Promise<TextAnalyzer>;

  constructor(options: OfflineExtractorOptions = {}) {
    this.analyzer = options.analyzer ?? winkAnalyzer;
  }

  async extract(page: ExtractionPage): Promise<Extraction> {
    const analyzer = await this.analyzer();
    const facts: CandidateFact[] = [];
    const dropped: string[] = [];
    const entities = new Map<string, ExtractedEntity>();
    const addEntity = (e: ExtractedEntity): void => {
      const key = e.name.toLowerCase();
      const seen = entities.get(key);
      if (seen) {
        seen.aliases = [...new Set([...seen.aliases, ...e.aliases])];
        return;
      }
      const known = page.knownEntities.find((k) => [k.canonicalName, ...k.aliases].some((n) => n.toLowerCase() === key));
      entities.set(key, known ? { ...e, knownId: known.id } : e);
    };
    const voices = pageVoices(page.episodes);
    const judge = nameJudge(analyzer);
    // Where each speaker's last message's facts start in `facts`: "i got a job at spotify!!" then "jk april fools 😂"
    // takes the first back, as a take-back in the same message does.
    // Only right after it: once someone else has spoken, "not really" answers them.
    // An outright joke ("jk", "april fools") reaches back over one reply that taught nothing: "i moved to Rome!!!" /
    // the assistant's congratulations / "jk".
    let last: LastMessage | null = null;
    let replied = false;
    // The message just before, whoever sent it (the assistant too): "do you still smoke?" / "nope quit in august".
    let before: { speaker: string | null; time: number; said: string } | null = null;
    for (const episode of page.episodes) {
      const speaker = speakerAmong(episode, voices);
      const question = before !== null && before.speaker !== (speaker?.name ?? null) && episode.eventTime - before.time <= ANSWER_WITHIN_MS ? before.said : null;
      before = { speaker: speaker?.name ?? null, time: episode.eventTime, said: speaker ? spokenText(episode, speaker) : episode.content };
      if (!speaker) {
        // The assistant's reply (memory reads only people's words): a reply that taught nothing, once.
        if (last && !replied) replied = true;
        else last = null;
        continue;
      }
      const own = last?.speaker === speaker.name ? last : null;
      const words = spokenText(episode, speaker);
      const soon = own !== null && episode.eventTime - own.time <= TAKE_BACK_WITHIN_MS;
      // "sorry i meant Leicester not Leeds", "*sheffield", "*july", "lol no, york": a word put right in the message before.
      // (Across one short reply that taught nothing too: "i live in leeds" / "oh cool" / "*sheffield"; not one that
      // says things of its own, "tom moved to york", which the correction may be of.)
      const shortReply = !replied || (question !== null && question.split(/\s+/).length <= 3);
      const rightWord = own && soon && shortReply ? nameCorrectionIn(words, own.said, facts.slice(own.at), (n) => entities.get(n.toLowerCase())?.type, judge) : null;
      const takesBack = own !== null && soon && rightWord === null && (replied ? jokesTheLastMessageAway(words) : takesBackTheLastMessage(words));
      if (own && takesBack) {
        const undone = facts.splice(own.at);
        if (undone.length > 0) dropped.push(`episode ${episode.id}: takes back ${undone.length} fact(s) of the message before it`);
      }
      // "i work at tesco" / "not anymore": what it stated is over, ended as said (no-longer.ts).
      const over = own && soon && !takesBack && facts.length > own.at ? noLongerSaid(words) : null;
      if (own && over) {
        const until = over.until === undefined ? undefined : timeMentions(over.until, episode.eventTime).find((m) => !m.future);
        const endings = facts.splice(own.at).map((f) => endingOf(f, episode.id, until?.time ?? null)).filter((f): f is CandidateFact => f !== null);
        facts.push(...endings);
        dropped.push(`episode ${episode.id}: says the message before it is over (${endings.length} fact(s) ended)`);
      }
      let factsBefore = facts.length;
      const previous = last;
      // Every speaker of a transcript is a person, whether or not they said anything memorable.
      if (!speaker.isUser) addEntity({ name: speaker.name, type: 'person', aliases: [], knownId: null, description: null });
      const said = spokenText(episode, speaker);
      const read = said.length > MAX_READ_CHARS ? (textPieces(said, MAX_READ_CHARS)[0]?.text ?? '') : said;
      if (read.length < said.length) dropped.push(`episode ${episode.id}: read offline up to character ${read.length} of ${said.length}`);
      const notAClause = (content: string, reason: string): void => void dropped.push(`episode ${episode.id}: "${content.slice(0, 80)}" is not a well-formed clause (${reason})`);
      // A message that says the same thing many times gives it once: dedupBatch would merge the copies anyway,
      // after validating and normalising each one.
      const stated = new Set<string>();
      // "so my flatmate" / "moved to bristol today", "does tom still live in leeds?" / "no moved to york": news said
      // without a subject right after a message that only names someone, or a question about them, is theirs.
      const aboutThem = (own !== null && episode.eventTime - own.time <= TAKE_BACK_WITHIN_MS && NAMES_SOMEONE_ONLY.test(own.said)) || (question !== null && askedOfSomeoneElse(question));
      const theirs = aboutThem && !FIRST_PERSON.test(read);
      if (theirs) dropped.push(`episode ${episode.id}: news without a subject after "${(question ?? own?.said ?? '').slice(0, 40)}" is someone else's`);
      // An answer to a question put to the speaker says what the question asked of (answers.ts).
      // ("when did you move to leeds?" / "2019": the move, dated.)
      const dated = question !== null && !theirs ? whenAnswered(question, read, (w) => saysOnlyATime(w, episode.eventTime)) : null;
      const answered = question !== null && !theirs ? (answeredText(question, read, judge) ?? dated) : null;
      const message = theirs ? { facts: [], entities: [] } : readMessage(analyzer, speaker, read, episode.eventTime, [episode.id], answered, notAClause);
      for (const f of message.facts) {
        const key = JSON.stringify([f.type, f.content, f.slot, f.value, f.eventTime, f.entityNames]);
        if (stated.has(key)) continue;
        stated.add(key);
        facts.push(f);
      }
      for (const e of message.entities) addEntity(e);
      // "i moved to leeds" / "when did you move to leeds?" / "2019": the answer dates what the message before said; one
      // fact, citing both.
      if (dated !== null && own) {
        for (const f of facts.slice(factsBefore)) {
          const same = facts.findIndex((g, i) => i >= own.at && i < factsBefore && g.slot !== null && g.slot === f.slot && g.value === f.value);
          if (same < 0) continue;
          f.sourceEpisodeIds = [...new Set([...(facts[same] as CandidateFact).sourceEpisodeIds, ...f.sourceEpisodeIds])];
          facts.splice(same, 1);
          factsBefore--;
        }
      }
      // "deleted tiktok" / "reinstalled it an hour later": the habit the message before named, taken up or given up again.
      if (own && !takesBack && facts.length === factsBefore && episode.eventTime - own.time <= TAKE_BACK_WITHIN_MS) {
        const before = facts.slice(own.at).map((f) => ({ content: f.content, type: 'semantic' as const, slot: f.slot, value: f.value, entities: [], eventTime: f.eventTime ?? null }));
        for (const s of habitTurnsAfter(before, own.said, read, speakerSubject(speaker), episode.eventTime)) {
          facts.push({ type: s.type, content: s.content, sourceEpisodeIds: [episode.id], entityNames: [], slot: s.slot, value: s.value, basis: 'stated', eventTime: s.eventTime });
        }
      }
      // "sorry i meant Leicester not Leeds", "*sheffield", "*july": the message before it is read again with the right
      // word, citing both; a correction of that correction ("*york") applies to the same message again.
      const correction: Correction | null = own && soon && !takesBack ? (correctionIn(words) ?? (facts.length > factsBefore ? null : rightWord)) : null;
      // "i quit smoking" / "when?" / "august": the message before the question is read again with its time.
      // "i quit smoking" / "in august", "i moved to leeds" / "back in 2019": a time added in the next bubble, the same.
      const isTime = (w: string): boolean => own !== null && saysOnlyATime(w, own.readAt);
      const dating = own !== null && facts.length > own.at && facts.length === factsBefore;
      const added = dating && question === null && soon ? timeAdded(read, isTime) : null;
      // ("i have an interview" / "on monday": a weekday dates only what was done, not what is on.)
      const addedTimes = added !== null && own !== null ? timeMentions(added, own.readAt) : [];
      const weekdayOnly = own !== null && addedTimes.length > 0 && addedTimes.every((m) => m.weekday) && !SAID_IN_THE_PAST.test(own.said);
      const when = dating ? (question !== null ? timeAnswered(question, read, isTime) : weekdayOnly ? null : added) : null;
      // "i'm vegetarian" / "but i eat fish": a diet's exception said in the next bubble is read with it, as one message.
      // "moved to spain in 2019" / "came back to leeds in 2021": a return home told in the next bubble, read with the move.
      const goesOn = own && soon && !takesBack && !correction ? facts.slice(own.at, factsBefore) : [];
      const joined =
        goesOn.some((f) => f.slot?.endsWith('.diet') === true) && DIET_GOES_ON.test(read)
          ? `${(own?.said ?? '').replace(/[\s.!…]+$/u, '')} ${read}`
          : when === null && goesOn.some((f) => f.slot?.endsWith('.residence') === true) && CAME_BACK.test(read)
            ? `${(own?.said ?? '').replace(/[\s.!…]+$/u, '')}. ${read}`
            : null;
      let corrected: Omit<LastMessage, 'speaker' | 'time'> | null = null;
      // "i live in york" / "for 3 years now": what the message before stated has held since then (read again, "works at
      // tesco for 8 years" would be no clause).
      // (Only of a state said of now: "came back to leeds in 2021" / "for a week" was a visit.)
      const heldFor = when !== null && own && (/\b(?:now|been|already)\b/i.test(when) || SAID_OF_NOW.test(own.said)) ? /^for\s+(\S+(?:\s+of)?)\s+(year|month|week)s?\b/.exec(when) : null;
      const since = heldFor && own ? spanBack(heldFor[1] ?? '', heldFor[2] ?? '', own.readAt) : null;
      if (own && since !== null) {
        for (const f of facts.slice(own.at, factsBefore)) {
          if (f.slot === null) continue;
          f.eventTime = since;
          f.sourceEpisodeIds = [...new Set([...f.sourceEpisodeIds, episode.id])];
        }
        dropped.push(`episode ${episode.id}: dates the message before it ("${when ?? ''}")`);
      } else if (own && (correction || when || joined)) {
        const mine = facts.splice(factsBefore);
        const before = facts.slice(own.at);
        const wrong = wordPattern(correction?.wrong ?? '');
        // (A name put right is written as one, so the reader takes "hove" for a place as it took "brighton".)
        const aName = correction !== null && before.some((f) => f.entityNames.some((n) => n.toLowerCase() === correction.wrong.toLowerCase()));
        const right = correction?.right != null && aName ? asName(correction.right) : (correction?.right ?? null);
        const fixedText: string | null = joined ?? (when !== null ? `${own.said.replace(/[\s.!…]+$/u, '')} ${when}` : right !== null && wrong.test(own.said) ? own.said.replace(wrong, right) : null);
        // Read again as said, at its own time: the slot, the value and the date follow the right word. (A reading that
        // finds nothing leaves the message as it was read.)
        // ("i quit smoking" / "when?" / "tomorrow": a plan, so nothing is done yet.)
        const planned = when !== null && timeMentions(when, own.readAt).some((m) => m.future || m.ahead);
        const redone = fixedText === null ? null : readMessage(analyzer, speaker, fixedText, own.readAt, [own.id, episode.id], own.question === null ? null : answeredText(own.question, fixedText, judge), notAClause);
        if (fixedText !== null && redone !== null && (redone.facts.length > 0 || planned)) {
          facts.splice(own.at, before.length, ...redone.facts);
          for (const e of redone.entities) addEntity(e);
          dropUnnamed(before, facts, entities);
          dropped.push(
            when !== null
              ? `episode ${episode.id}: dates the message before it ("${when}")`
              : correction
                ? `episode ${episode.id}: corrects the message before it ("${correction.wrong}" → "${right ?? ''}")`
                : `episode ${episode.id}: is read with the message before it`,
          );
          corrected = { said: fixedText, at: own.at, id: own.id, readAt: own.readAt, question: own.question };
        } else if (correction && fixedText === null) {
          // (The wrong name's kind, read before its entity goes: the right name is of the same kind.)
          const type = entities.get(correction.wrong.toLowerCase())?.type;
          const { fixed, unnamed } = applyCorrection(facts, own.at, facts.length, correction, episode.id);
          if (fixed > 0) {
            dropped.push(`episode ${episode.id}: corrects ${fixed} fact(s) of the message before it ("${correction.wrong}")`);
            for (const name of unnamed) entities.delete(name.toLowerCase());
            for (const f of facts.slice(own.at)) for (const n of f.entityNames) if (!entities.has(n.toLowerCase()) && type) addEntity({ name: n, type, aliases: [], knownId: null, description: null });
          }
        }
        factsBefore = facts.length;
        // (A bubble read with the one before gives its facts there.)
        if (corrected === null || !joined) facts.push(...mine);
      }
      // One reply by someone else that taught nothing keeps the message before it in reach of a joke taken back.
      const quietReply = previous !== null && previous.speaker !== speaker.name && !replied && facts.length === factsBefore;
      if (quietReply) replied = true;
      else {
        const next: LastMessage = corrected ? { speaker: speaker.name, time: episode.eventTime, ...corrected } : { speaker: speaker.name, at: factsBefore, time: episode.eventTime, said: words, id: episode.id, readAt: episode.eventTime, question: theirs ? null : question };
        last = next;
        replied = false;
      }
    }
    return { facts, entities: [...entities.values()], causal: [], dropped };
  }

  /**
   * Same slot: same value is a duplicate, another value replaces it; a departure ("ended:X") replaces only X;
   * preferences relate across their two slot kinds (slot-values.ts). Facts without a slot are left alone.
   */
  async resolve(questions: readonly ConflictQuestion[]): Promise<Resolution> {
    const out: ConflictDecision[] = [];
    for (const q of questions) {
      for (const node of q.existing) {
        const slot = typeof node.attributes.slot === 'string' ? node.attributes.slot : null;
        if (!q.fact.slot || !slot) continue;
        const value = typeof node.attributes.value === 'string' ? node.attributes.value : normaliseFact(node.content);
        const relation = slotRelation(q.fact, { slot, value, content: node.content });
        if (relation === 'unrelated') continue;
        out.push({
          factIndex: q.factIndex,
          existingId: node.id,
          relation,
          reason: relation === 'duplicate' ? `same ${q.fact.slot}` : `${slot} changed from "${value}" to "${q.fact.value ?? ''}"`,
        });
      }
    }
    return { decisions: out, dropped: [] };
  }
}
