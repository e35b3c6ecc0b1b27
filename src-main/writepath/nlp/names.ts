/**
 * Who the speaker is, and who they are with, from a copula: "Hi! I'm Dana Whitfield" and "my name is Dana" give
 * the name fact and the person; "I'm no longer with Sam" ends a partner. Only a proper name counts: "I'm tired",
 * "I'm going", "I'm OK", "I'm British" give nothing.
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { CALENDAR_WORDS, DURABLE_ADJECTIVES, IDENTITIES, NOT_NAMES, RELATIONS } from './lexicon';
import { isNameWord } from './first-names';
import { cleanObject, lowerOf, possessive, properRuns } from './phrases';
import { endedValue } from '../../../src-shared/slot-values';
import type { Built, Context, Statement, Subject } from './statement-types';
import type { VerbGroup } from './verb-group';

/**
 * "User goes by Bex": what the subject is called, beside their name (readStatements joins the two when both are said).
 * A name is no event: a time said beside it ("hey its drew from yesterday") does not date it, unless it is a change
 * (`changed`: "I changed my name to Alex last year").
 */
export function nicknameStatement(subject: Subject, name: string, changed = false): Built {
  const entities = subject.entity ? [subject.entity] : [{ name, type: 'person' as const, aliases: [] }];
  return { content: `${subject.text} goes by ${name}`, type: 'semantic', slot: `${subject.key}.nickname`, value: normaliseFact(name), entities, timeless: !changed };
}

/** "User's name is Dana Whitfield", with the person it names (undated unless `changed`, as nicknameStatement). */
export function nameStatement(subject: Subject, name: string, changed = false): Built {
  const entities = subject.entity ? [subject.entity] : [{ name, type: 'person' as const, aliases: [] }];
  return { content: `${possessive(subject.text)} name is ${name}`, type: 'semantic', slot: `${subject.key}.name`, value: normaliseFact(name), entities, timeless: !changed };
}

/**
 * The name a clause gives from its start: a capitalised run ("Dana Whitfield"), or, typed in lower case, a
 * single word that ends the clause ("my name is dana", "my dog is called biscuit").
 */
export function givenName(said: readonly Token[]): string | null {
  // "my dog is called biscuit lol", "my name is Dana by the way": what a chat adds after a name is not part of it.
  const rest = cleanObject([...said], [], []).filter((t) => t.pos !== 'PUNCT');
  // "was called Jess at school but now goes by Jessica": the name must be all that is said.
  const run = properRuns(rest).find((r) => r.start === 0 && r.end === rest.length);
  if (run) return NOT_GIVEN.has(run.text.toLowerCase()) ? null : run.text;
  if (properRuns(rest).some((r) => r.start === 0)) return null;
  const only = rest.length === 1 ? rest[0] : undefined;
  // "is called biscuit"; "is called Hope", "named Faith": a word capitalised after "called" is a name, whatever the tagger says.
  const capitalised = /^\p{Lu}\p{Ll}{1,39}$/u.test(only?.text ?? '') && ['NOUN', 'VERB', 'ADJ', 'ADV'].includes(only?.pos ?? '');
  // ("my name is will", "my name is hope": a first name the tagger reads as a verb is still the name asked for.)
  const firstName = /^\p{L}{2,40}$/u.test(only?.text ?? '') && isNameWord(only?.text ?? '');
  if (!only || !((['NOUN', 'PROPN', 'X'].includes(only.pos) && /^\p{Ll}{2,40}$/u.test(only.text)) || capitalised || firstName) || NOT_GIVEN.has(only.text.toLowerCase())) return null;
  return `${only.text.charAt(0).toUpperCase()}${only.text.slice(1)}`;
}

/** What "is called …" says that is no name: "called names", "called sir", "called something". */
const NOT_GIVEN = new Set(['names', 'name', 'sir', 'madam', 'mate', 'babe', 'something', 'nothing', 'whatever', 'it', 'that', 'this', 'out', 'back', 'in', 'off', 'up']);

/** "… is called Biscuit", "…'s name is Leo", "… is named Mia": the name given to who is named before `at`. */
export function nameGivenAt(tokens: readonly Token[], at: number): string | null {
  const [a, b, c] = [lowerOf(tokens[at]), lowerOf(tokens[at + 1]), lowerOf(tokens[at + 2])];
  if (['is', 'was', "'s", '’s'].includes(a) && ['called', 'named'].includes(b)) return givenName(tokens.slice(at + 2));
  if (["'s", '’s'].includes(a) && b === 'name' && ['is', 'was', "'s"].includes(c)) return givenName(tokens.slice(at + 3));
  return null;
}

/** One to three capitalised words that are a name, not a mood, a nationality or a date. */
export function isPersonName(tokens: readonly Token[]): boolean {
  if (tokens.length === 0 || tokens.length > 3) return false;
  const run = properRuns(tokens)[0];
  if (!run || run.start !== 0 || run.end !== tokens.length) return false;
  return tokens.every((t) => {
    const lower = t.text.toLowerCase();
    const shape = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?$/u.test(t.text);
    return shape && !NOT_NAMES.has(lower) && !DURABLE_ADJECTIVES.has(lower) && !IDENTITIES.has(lower) && !CALENDAR_WORDS.has(lower);
  });
}

/**
 * A name where the words around it ask for one ("call me Will", "I go by Hope", "Jack here"): a person's name, or one
 * capitalised first name, whatever the tagger reads it as ("Will" the verb, "Hope" the noun).
 */
export function isFramedName(tokens: readonly Token[]): boolean {
  const only = tokens.length === 1 ? (tokens[0]?.text ?? '') : '';
  return isPersonName(tokens) || (/^\p{Lu}\p{Ll}+$/u.test(only) && isNameWord(only));
}

/** "anymore", "any more", "any longer" anywhere in what was said after the verb. */
function saysAnymore(said: readonly Token[]): boolean {
  return said.some((t, i) => lowerOf(t) === 'anymore' || (lowerOf(t) === 'any' && ['more', 'longer'].includes(lowerOf(said[i + 1]))));
}

/**
 * How a copula's object says a state: "no longer with Sam", "not at Globex anymore", "now at Dropbox". The
 * object without those words; whether it is negated (the verb group stops at the copula, so "not" is the
 * object's first word); whether the state is over for good ("no longer", or negated with "anymore" / "any more"
 * / "any longer" in `said`, the object as written); and whether it is new ("now" right after the copula).
 */
export function copulaState(group: VerbGroup, object: readonly Token[], said: readonly Token[]): { rest: Token[]; negated: boolean; overForGood: boolean; now: boolean } {
  let rest = object.filter((t) => t.pos !== 'PUNCT');
  const noLonger = lowerOf(rest[0]) === 'no' && lowerOf(rest[1]) === 'longer';
  const not = lowerOf(rest[0]) === 'not';
  if (noLonger) rest = rest.slice(2);
  else if (not) rest = rest.slice(1);
  const negated = group.negated || not;
  const now = !negated && !noLonger && lowerOf(rest[0]) === 'now';
  if (now) rest = rest.slice(1);
  if (lowerOf(rest.at(-1)) === 'now') rest = rest.slice(0, -1);
  return { rest, negated, overForGood: noLonger || (negated && saysAnymore(said)), now };
}

/** "with Sam" is a partner; "with Google" (an organisation the tagger's library knows) an employer. */
export function isPartnerName(tokens: readonly Token[], ctx: Context): boolean {
  return isPersonName(tokens) && !ctx.isOrganisation(joinTokens(tokens));
}

/** A copula the name and partner rules read, or null for the rest of the copula rules. */
export function copulaStatement(subject: Subject, group: VerbGroup, object: Token[], said: readonly Token[], ctx: Context): Built[] | null {
  if (!subject.firstPerson) return null;
  // "I'm Sarah from the gym", "im jo from accounts": a person's name, then where the listener knows them from.
  const from = object.findIndex((t, i) => i > 0 && i <= 3 && lowerOf(t) === 'from');
  const before = from > 0 ? object.slice(0, from) : [];
  if (!group.negated && !group.past && before.length > 0 && isPersonName(before) && (ctx.named.get(joinTokens(before).toLowerCase()) === 'person' || (before.length === 1 && isNameWord(before[0]?.text ?? '') && !ctx.isEverydayWord(before[0]?.text ?? ''))) && !['place', 'organization'].includes(ctx.named.get(joinTokens(before).toLowerCase()) ?? '')) return [nameStatement(subject, joinTokens(before))];
  // "Im Knackered", "Im Skint": title case on an everyday word is no name (two words are: "Will Turner"); a capital
  // typed on purpose is, when the name finder takes it for a person's ("i'm Jordan", "Hi, I'm Frank"; not "i'm Hungry",
  // "i'm King").
  const only = (object[0]?.text ?? '').toLowerCase();
  // "I'm Will", "I'm Drew", "I'm Hope": a capitalised first name the tagger reads as a verb, which "I'm" cannot take.
  const verbAsName = object.length === 1 && ['VERB', 'AUX'].includes(object[0]?.pos ?? '') && isFramedName(object);
  // ("I'm Rich Lol": where the message's other words are capitalised too, a capital says nothing of a name.)
  const others = (ctx.text.match(/\p{L}[\p{L}'’]*/gu) ?? []).slice(1).filter((w) => w !== 'I' && w !== 'am' && !object.some((t) => t.text === w));
  const everyWordCapitalised = others.length > 0 && others.every((w) => /^\p{Lu}/u.test(w));
  const everyday = object.length === 1 && ctx.isEverydayWord(only) && (everyWordCapitalised || (!verbAsName && ctx.named.get(only) !== 'person'));
  // ("i'm Tesco", "i'm London": a firm or a place the name finder knows is no one's name.)
  const placeOrFirm = object.length === 1 && ['place', 'organization'].includes(ctx.named.get(only) ?? '');
  // "I'm Still Standing", "I'm On Fire", "I'm Vibing": a title or a feeling in capitals, each word an everyday one (not
  // "I'm Will Turner", "I'm Rose Baker": a first name or a surname among them).
  // ("I'm Nan now!!", "I'm Mum": a relation become, not a name.)
  const titleCase = (object.length > 1 && object.every((t) => ctx.isEverydayWord(t.text))) || (object.length === 1 && ((/ing$/i.test(only) && !isNameWord(only)) || RELATIONS.has(only)));
  if (!group.negated && !group.past && (isPersonName(object) || verbAsName) && !everyday && !placeOrFirm && !titleCase) return [nameStatement(subject, joinTokens(object))];
  // "I'm no longer with Sam", "I'm not with Sam anymore": the tagger leaves "no longer" after the copula.
  const state = copulaState(group, object, said);
  const { rest } = state;
  // "I'm in a relationship with Jamie (now)": a partner.
  const inRelationship = !state.negated && !group.past && ['in a relationship with', 'in a relationship w'].includes(joinTokens(rest.slice(0, 4)).toLowerCase()) ? rest.slice(4) : null;
  if (inRelationship && isPartnerName(inRelationship, ctx)) {
    const partner = joinTokens(inRelationship);
    return [{ content: `${subject.text} ${group.phrase} in a relationship with ${partner}`, type: 'semantic', slot: `${subject.key}.partner`, value: normaliseFact(partner), entities: [{ name: partner, type: 'person', aliases: [] }] }];
  }
  // "I'm engaged to Chris", "I'm married to Tom now": the partner, as a couple that stands so.
  // ("I'm no longer married to Claire": one that was.)
  const union = (!state.negated || state.overForGood) && !group.past && ['engaged', 'married'].includes(lowerOf(rest[0])) && lowerOf(rest[1]) === 'to' ? rest.slice(2) : null;
  const betrothed = union && lowerOf(union.at(-1)) === 'now' ? union.slice(0, -1) : union;
  if (betrothed && isPartnerName(betrothed, ctx)) {
    const partner = joinTokens(betrothed);
    const over = state.overForGood;
    return [{ content: `${subject.text} ${group.phrase}${over ? ' no longer' : ''} ${lowerOf(rest[0])} to ${partner}`, type: 'semantic', slot: `${subject.key}.partner`, value: over ? endedValue(normaliseFact(partner)) : normaliseFact(partner), entities: [{ name: partner, type: 'person', aliases: [] }] }];
  }
  // "I'm back in London for good": home again.
  const back = !state.negated && !group.past && lowerOf(rest[0]) === 'back' && lowerOf(rest[1]) === 'in' ? rest.slice(2) : null;
  const forGood = back && lowerOf(back.at(-2)) === 'for' && lowerOf(back.at(-1)) === 'good' ? back.slice(0, -2) : null;
  const home = forGood ? properRuns(forGood).find((r) => r.start === 0 && r.end === forGood.length)?.text : undefined;
  if (home && ctx.named.get(home.toLowerCase()) !== 'organization') {
    return [{ content: `${subject.text} lives in ${home}`, type: 'semantic', slot: `${subject.key}.residence`, value: normaliseFact(home), entities: [{ name: home, type: 'place', aliases: [] }] }];
  }
  // ("i'm not with Tom at the moment, he's at work": apart for now, not over.)
  const forNow = /\b(?:at the moment|right now|atm|rn|tonight|today|this (?:week|weekend)|(?:he|she)['’]?s at)\b/i.test(ctx.text);
  if ((state.negated || state.overForGood) && !(forNow && !state.overForGood) && lowerOf(rest[0]) === 'with' && isPartnerName(rest.slice(1), ctx)) {
    const partner = joinTokens(rest.slice(1));
    const verb = group.phrase.replace(/ (?:not|no longer)$/, '');
    return [
      {
        content: `${subject.text} ${verb} ${state.overForGood ? 'no longer' : 'not'} with ${partner}`,
        type: 'semantic',
        slot: `${subject.key}.partner`,
        value: endedValue(normaliseFact(partner)),
        entities: [{ name: partner, type: 'person', aliases: [] }],
      },
    ];
  }
  return null;
}

/**
 * "my partner is Sam", "my girlfriend is Jess now": a relation named with a bare copula. Only a capitalised name that
 * is all the clause says ("my mum is home", "my sister is Ill"-like moods are not names).
 */
export function nameIsAt(tokens: readonly Token[], at: number, ctx: Context): string | null {
  if (lowerOf(tokens[at]) !== 'is') return null;
  let rest = tokens.slice(at + 1).filter((t) => t.pos !== 'PUNCT');
  if (lowerOf(rest.at(-1)) === 'now') rest = rest.slice(0, -1);
  if (rest.length === 1 && ctx.isEverydayWord(rest[0]?.text ?? '')) return null;
  return isPersonName(rest) ? joinTokens(rest) : null;
}

/**
 * "my name's Rebecca but everyone calls me Bex": one person, Rebecca, also called Bex; not a second person "Bex".
 */
export function oneSelfNamedTwice(statements: Statement[]): Statement[] {
  const named = statements.find((s) => s.slot?.endsWith('.name') && s.entities.length === 1);
  const nick = statements.find((s) => s.slot?.endsWith('.nickname') && s.slot.slice(0, -'nickname'.length) === named?.slot?.slice(0, -'name'.length));
  const person = named?.entities[0];
  const alias = nick?.entities[0]?.name;
  if (!person || !nick || alias === undefined) return statements;
  const joined = { ...person, aliases: [...new Set([...person.aliases, alias])] };
  return statements.map((s) => (s === named || s === nick ? { ...s, entities: [joined] } : s));
}
