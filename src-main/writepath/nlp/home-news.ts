/**
 * A home settled in, said the chat's way (build-statement.ts reads "moved to Leeds", "we live in Leeds now"; change.ts
 * "moved out of Hackney"): "we're in walthamstow now" is the new home when the message tells of a move ("moved out of
 * hackney, we're in walthamstow now") — without one it is as often a trip or an errand ("we're in paris now!", "i'm in
 * tesco now").
 */
import { joinTokens, type Token } from './analyzer';
import { normaliseFact } from '../text';
import { endedValue } from '../../../src-shared/slot-values';
import { asName } from './corrections';
import { lowerOf, properRuns } from './phrases';
import { onlyTimeOrFillers } from './state-words';
import { JOB_LENGTH } from './job-forms';
import type { Built, Subject } from './statement-types';

/** Whether a name may be a home: not an organisation's (the caller's reading of the message; a name finder often takes a suburb for a person). */
export type MayBeHome = (name: string) => boolean;

/**
 * The speaker's own move, done: "we moved in june", "just moved!!", "…, moved on saturday", "i've finally moved". Not a
 * move ahead ("we're moving next month"), someone else's ("my friend moved to Paris"), nor "moving jobs".
 */
const TELLS_OF_A_MOVE = /(?:^|[.!?,;:…]\s*|\b(?:i|we)\s+(?:(?:'ve|ve|have|just|finally|officially|actually)\s+)*)(?:(?:just|finally|officially)\s+)*(?:moved|relocated)\b(?!\s+(?:jobs?|teams?|desks?|schools?|offices?)\b)/i;

/** "we're in walthamstow now", "i'm now in leeds": where the speaker lives, in a message that tells of their move; else null. */
export function settledIn(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome, text: string): Built | null {
  if (!TELLS_OF_A_MOVE.test(text)) return null;
  let i = start;
  if (!['i', 'we'].includes(lowerOf(tokens[i]))) return null;
  if (!['am', "'m", 'm', 'are', "'re", 're'].includes(lowerOf(tokens[i + 1]))) return null;
  i += 2;
  const now = lowerOf(tokens[i]) === 'now';
  if (now) i++;
  if (lowerOf(tokens[i]) !== 'in') return null;
  // "now" said before or after the place: without it "we're in leeds" is as often a visit.
  if (!now && !/\bnow\b/i.test(joinTokens(tokens.slice(i)))) return null;
  const at = i + 1;
  const run = properRuns(tokens.slice(at))[0];
  if (!run || run.start !== 0 || !mayBeHome(run.text)) return null;
  // "we're in Jake's now": someone's home, not a place of its own.
  if (/['’]s?$/.test(run.text) || /^['’]s?$/.test(tokens[at + run.end]?.text ?? '')) return null;
  if (!onlyTimeOrFillers(joinTokens(tokens.slice(at + run.end)))) return null;
  return { content: `${own.text} lives in ${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
}

/** What a home is called when it is new: "our new flat in leith", "writing from our new kitchen in Whitby", "new digs in hackney". */
const NEW_HOME_WORDS = new Set(['house', 'home', 'flat', 'apartment', 'apt', 'place', 'digs', 'pad', 'kitchen', 'garden', 'neighbourhood', 'neighborhood', 'street', 'bedroom']);

/** A message that may tell of one without "my" or "our" (let in to be read: statements.ts): "new digs in hackney", "officially glasgow residents". */
export const NEW_HOME_SAID = /^\W*(?:(?:just|finally|officially|so)\s+)*new\s+(?:house|home|flat|apartment|apt|place|digs|pad)\s+in\s|(?:^|[.!?]\s+|\b(?:we're|we are|i'm|i am|im)\s+)(?:(?:now|officially|finally|proud)\s+)+(?:an?\s+)?\p{L}+(?:\s+\p{L}+)?\s+residents?\b/iu;

/**
 * "officially glasgow residents as of last saturday", "we're now Bristol residents", "I'm officially a Leeds resident":
 * the place the speaker now lives, said as its residents, "now" or "officially" (not "Glasgow residents are angry").
 */
export function residentOf(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome): Built | null {
  let i = start;
  if (['i', 'we'].includes(lowerOf(tokens[i])) && ['am', "'m", 'm', 'are', "'re", 're'].includes(lowerOf(tokens[i + 1]))) i += 2;
  else if (lowerOf(tokens[i]) === 'im') i++;
  let marked = false;
  while (['now', 'officially', 'finally', 'proud'].includes(lowerOf(tokens[i]))) {
    marked = true;
    i++;
  }
  if (['a', 'an'].includes(lowerOf(tokens[i]))) i++;
  const run = properRuns(tokens.slice(i))[0];
  if (!run || run.start !== 0 || !mayBeHome(run.text)) return null;
  const resident = tokens[i + run.end];
  if (!resident || !/^residents?$/i.test(resident.text)) return null;
  const rest = joinTokens(tokens.slice(i + run.end + 1));
  if (!(marked || /\bnow\b/i.test(rest)) || !onlyTimeOrFillers(rest.replace(/^\s*as of\b/i, ''))) return null;
  return { content: `${own.text} lives in ${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
}

/**
 * "writing from our new kitchen in Whitby!", "my new flat in leith is tiny", "new digs in hackney 🏡": a new home of the
 * speaker's own (my, our, or said without an owner) in a place, wherever the clause says it. Not someone else's ("my
 * sister's new flat in leith"), nor a new office or a new job's town.
 */
export function newHomeIn(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome): Built | null {
  for (let i = start; i < tokens.length - 3; i++) {
    if (lowerOf(tokens[i]) !== 'new' || !NEW_HOME_WORDS.has(lowerOf(tokens[i + 1])) || !['in', 'at'].includes(lowerOf(tokens[i + 2]))) continue;
    const owner = lowerOf(tokens[i - 1]);
    if (!(i === start || ['my', 'our', 'from', 'in', 'to', 'the'].includes(owner))) continue;
    // ("the new flat in leith" is ours only after "our"/"my" before it, or opening the clause.)
    if (owner === 'the' || ((owner === 'from' || owner === 'in' || owner === 'to') && i - 1 !== start)) continue;
    const at = i + 3;
    const run = properRuns(tokens.slice(at))[0];
    if (!run || run.start !== 0 || !mayBeHome(run.text)) return null;
    if (/['’]s?$/.test(run.text) || /^['’]s?$/.test(tokens[at + run.end]?.text ?? '')) return null;
    return { content: `${own.text} lives in ${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
  }
  return null;
}

/** What may follow a home come back to: why or when ("after 6 months", "for my mum", "because of covid", "for good"). */
const AFTER_COMING_BACK = /^\s*(?:(?:after|because|cos|coz|cause|since|as|when|once|to be (?:near|closer))\b|for (?:good|my|our|family|work|a job|uni)\b)/i;
/** A spell lived somewhere else, told as over: "lived in australia for 2 years", "lived abroad", "lived in berlin 2015-2018". */
const LIVED_AWAY = /(?:^|[.!?,;]\s*|\b(?:i|we)\s+)lived\s+(?:in|abroad)\b/i;
/** The place a move went to, as said: "moved to spain", "relocated to the US", "moved abroad to Dubai". */
const MOVED_TO = /\b(?:moved|relocated|emigrated)\s+(?:abroad\s+|out\s+)?to\s+(?:the\s+)?(\p{L}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/gu;
/** Someone else's: "my brother moved to canada but came back to dublin", "she moved to spain". */
const MOVED_SOMEONE_ELSE = /\b(?:my|our|his|her|their)\s+[\p{L}-]+\s+(?:(?:has|had|just|finally)\s+)?(?:moved|relocated)\b|\b(?:he|she|they)\s+(?:(?:has|have|had|just|finally)\s+)?(?:moved|relocated)\b/iu;

/**
 * "moved to Spain for a year but came back to Leeds", "…, went back home to Cork in 2023", "came home to Glasgow", "back in
 * leeds now": the speaker's home again, in a message that tells of their move away (without one, "came back to London"
 * is as often the end of a trip). "…, came back home" names no place: the home moved to is left (`leftFor`).
 */
export function cameBackTo(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome, text: string): Built | null {
  if (!(TELLS_OF_A_MOVE.test(text) || LIVED_AWAY.test(text)) || MOVED_SOMEONE_ELSE.test(text)) return null;
  const leftFor = [...text.matchAll(MOVED_TO)].at(-1)?.[1];
  let i = start;
  if (['i', 'we'].includes(lowerOf(tokens[i]))) i++;
  if (["'m", 'm', 'am', "'re", 're', 'are'].includes(lowerOf(tokens[i])) || lowerOf(tokens[i]) === 'im') i++;
  if (['then', 'so', 'but', 'and'].includes(lowerOf(tokens[i]))) i++;
  const verb = lowerOf(tokens[i]);
  let at: number;
  if (verb === 'back' && lowerOf(tokens[i + 1]) === 'in') at = i + 2;
  else if (['came', 'come', 'went', 'got', 'headed', 'moved'].includes(verb)) {
    i++;
    const back = lowerOf(tokens[i]) === 'back';
    if (back) i++;
    const home = lowerOf(tokens[i]) === 'home';
    if (home) i++;
    // "came back home", "moved back home": no place named; the home moved to is left.
    if ((back || home) && onlyTimeOrFillers(joinTokens(tokens.slice(i))) && leftFor && !(verb === 'moved' && !back)) {
      const place = asName(leftFor);
      return { content: `${own.text} no longer lives in ${place}`, type: 'semantic', slot: `${own.key}.residence`, value: endedValue(normaliseFact(place)), entities: [] };
    }
    if (!(back || (home && verb !== 'got')) || lowerOf(tokens[i]) !== 'to' || (verb === 'moved' && !home)) return null;
    at = i + 1;
  } else return null;
  const the = lowerOf(tokens[at]) === 'the' ? 1 : 0;
  const run = properRuns(tokens.slice(at))[0];
  if (!run || run.start !== the || !mayBeHome(run.text) || /['’]s?$/.test(run.text)) return null;
  // (Only when, why or a filler after the place: "came back to Leeds for the weekend" is a visit.)
  const after = joinTokens(tokens.slice(at + run.end));
  if (!onlyTimeOrFillers(after) && !AFTER_COMING_BACK.test(after)) return null;
  return { content: `${own.text} lives in ${the ? 'the ' : ''}${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
}

/** A word before "living in …" that says it is where one lives today: "currently", "still", "now", "been". */
const LIVING_NOW = new Set(['currently', 'now', 'still', 'been']);

/**
 * "currently living in Lisbon", "still living in Leeds", "living in lisbon these days": where the speaker lives, said
 * without "I", with a word that says it is so today (without one, "living in Lisbon!!" is as often a caption or a wish).
 * Nothing may follow the place but a time or a filler ("living in Lisbon would be nice"), or how long after "been" ("been
 * living in Leeds for 3 years"); a stay for a spell ahead is left to the sentence's scope (sentence-scope.ts).
 */
export function livingIn(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome): Built | null {
  let i = start;
  while (LIVING_NOW.has(lowerOf(tokens[i]))) i++;
  if (lowerOf(tokens[i]) !== 'living' || lowerOf(tokens[i + 1]) !== 'in') return null;
  const at = i + 2;
  // ("in the UK": a name with its article.)
  const the = lowerOf(tokens[at]) === 'the' ? 1 : 0;
  const run = properRuns(tokens.slice(at))[0];
  if (!run || run.start !== the || !mayBeHome(run.text) || /['’]s?$/.test(run.text) || /^['’]s?$/.test(tokens[at + run.end]?.text ?? '')) return null;
  // "been living in Leeds for 3 years": how long, then the rest; "… with my boyfriend": who with, said of the home.
  const said = joinTokens(tokens.slice(at + run.end)).replace(/^\s*with\s+(?:my|our)\s+[\p{L}\s]{1,30}?(?=$|[,.!?]|\s+(?:now|these days|atm)\b)/iu, '');
  const length = lowerOf(tokens[i - 1]) === 'been' ? JOB_LENGTH.exec(said) : null;
  const rest = length ? said.slice(length.index + length[0].length) : said;
  // (An opener the clause reader skipped, "currently", says so as well.)
  const marked = i > start || LIVING_NOW.has(lowerOf(tokens[start - 1])) || /\b(?:now|these days|nowadays|atm|at the moment)\b/i.test(rest);
  if (!onlyTimeOrFillers(rest) || !marked) return null;
  return { content: `${own.text} lives in ${the ? 'the ' : ''}${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
}

/** What a chat puts after an address, at the end of a part or as a part of its own: "bristol now lol", "…, bristol, haha". */
const ADDRESS_TAIL = /(?:(?:^|\s+)(?:now|btw|lol|haha\w*|x+|if you need it|fyi|thanks|ta|cheers))+$/i;
/** A country after the town ("…, bristol, england"): the home is the town. */
const COUNTRIES = /^(?:uk|u\.k\.|united kingdom|great britain|england|scotland|wales|northern ireland|ireland|usa|u\.s\.a?\.?|united states|america|canada|australia|new zealand|france|germany|spain|portugal|italy|netherlands|poland)$/i;
/** The speaker's own address, said: "my (new / current / home) address is (still / now) …", to the end of its sentence. */
const MY_ADDRESS = /\bmy\s+(?:(?:new|current|home)\s+)?address(?:\s+is|['’]s)\s+(?:(?:still|now)\s+)?([^.!?\n]+)/giu;
/** Where an address ends: another thought ("and my number is …", "but my wife's is …"), a bracket, an emoji or a smiley. */
const ADDRESS_END = /\s+(?:and|but|so|or|if|my|our|his|her|their)\b|[;:()]|\p{Extended_Pictographic}/u;
/** An address said ahead of the move: "moving in next week", "from the 1st". */
const ADDRESS_AHEAD = /\b(?:moving|move in|moves in|will be|from next|next (?:week|month)|soon|from (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the \d))\b/i;
/** A town as written after the street, without a postcode, zip or US state ("Leeds LS6 2AB", "Austin TX 78701"). */
const TOWN = /^(\p{L}[\p{L}'’ .-]{1,40}?)(?:\s+[A-Z]{2})?(?:\s+(?:[A-Za-z]{1,2}\d[\dA-Za-z]?\s*\d[A-Za-z]{2}|\d{4,5}))?$/u;

/**
 * "my new address is 14 elm road, bristol", "my address is 2b Park Lane, Leeds LS6 2AB": the speaker's home, a numbered
 * street and maybe its town. The clause splitter cuts the town off at the comma, so the sentence (`text`) is read, at
 * the speaker's own "my address is" whose street this clause says (not a sister's or a venue's before it); the last
 * town said ("14 elm road, clifton, bristol": Bristol) is the home's value, the street when none is. Not an address for
 * a move still to come.
 */
export function addressIs(tokens: readonly Token[], start: number, own: Subject, text: string): Built | null {
  let i = start + 1;
  if (['new', 'current', 'home'].includes(lowerOf(tokens[i]))) i++;
  if (lowerOf(tokens[i]) !== 'address' || !['is', "'s"].includes(lowerOf(tokens[i + 1])) || ADDRESS_AHEAD.test(text)) return null;
  const spaced = (t: string): string => t.toLowerCase().replace(/\s+/g, ' ').trim();
  const clause = spaced(joinTokens(tokens.slice(i + 2))).replace(/^(?:still|now) /, '');
  const said = [...text.matchAll(MY_ADDRESS)].map((m) => m[1] ?? '').find((a) => clause.startsWith(spaced(a.split(',')[0] ?? '').slice(0, 8)));
  if (!said) return null;
  const end = ADDRESS_END.exec(said);
  const parts = (end ? said.slice(0, end.index) : said)
    .split(',')
    .map((p) => p.trim().replace(ADDRESS_TAIL, '').trim())
    .filter((p) => p.length > 0);
  const street = parts[0];
  // A house number and a street ("14 elm road", "2b Park Lane"); anything else ("is on the form") is no address.
  if (!street || parts.length > 4 || !/^\d{1,5}[a-z]?\s+\p{L}[\p{L}'’ .-]{2,60}$/iu.test(street)) return null;
  // (A US state and zip alone, "TX 78701", is no town.)
  const town = parts.slice(1).map((p) => TOWN.exec(p)?.[1]).filter((p) => p !== undefined && !/^[A-Z]{2}$/.test(p) && !COUNTRIES.test(p)).at(-1) ?? null;
  const content = `${own.text} lives at ${parts.join(', ')}`;
  return { content, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(town ?? street), entities: town ? [{ name: town, type: 'place', aliases: [] }] : [] };
}
