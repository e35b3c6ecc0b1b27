/** The shapes the statement rules share: who speaks, what a clause is about, what it yields. */
import type { EntityType } from '../../../src-shared/memory-types';
import type { NamedEntityKind } from './analyzer';

/** Who is speaking: the app's user ("User …") or a named participant of a transcript. */
export interface Speaker {
  name: string;
  isUser: boolean;
  /** The others in the conversation, by name: said after an object, a name is said to them ("i'm driving 90 mama"). */
  listeners?: readonly string[];
}

export interface StatementEntity {
  name: string;
  type: EntityType;
  aliases: string[];
}

export interface Statement {
  content: string;
  type: 'semantic' | 'opinion';
  slot: string | null;
  value: string | null;
  /** Entities the fact is about (by name, as in `entities` of the extraction). */
  entities: StatementEntity[];
  /** When it happened, when the clause says so ("last month", "in 2019"); null = when it was said. */
  eventTime: number | null;
  /** A plan's: when it is to happen (planned-changes.ts). */
  due?: number;
}

export interface Context {
  speaker: Speaker;
  reference: number;
  named: Map<string, NamedEntityKind>;
  /** The utterance talks about work (job, boss, office…): a bare "I quit" is then a job left. */
  workTalk: boolean;
  /** Whether a name is an organisation's (the analyzer's word on it; false when it cannot tell). */
  isOrganisation(name: string): boolean;
  /** Whether a single word is an everyday word and no first name (TextAnalyzer.isEverydayWord; false when it cannot tell). */
  isEverydayWord(word: string): boolean;
  /** The utterance says a break-up is not one: back together again, or a school's holiday ("we broke up today! 6 weeks off"). */
  coupleDoubt: boolean;
  /** The message says nothing of the speaker but a new job ("new job: barista at Costa"): only that is read (job-news.ts). */
  newJobOnly?: boolean;
  /** The whole utterance as read (normalised, names capitalised). */
  text: string;
  /**
   * Typed in lower case (it opens with a small letter): a capital inside it was typed on purpose, so "i'm Max" names the
   * speaker though "max" is a word ("Im Knackered", title case throughout, does not).
   */
  typedInLowerCase?: boolean;
}

/** Subject of a clause as written in a fact, the key its slots use, and how "my" reads inside it. */
export interface Subject {
  text: string;
  key: string;
  /** The speaker themself ("I"): their verbs are turned into the third person. */
  firstPerson: boolean;
  entity: StatementEntity | null;
  /** "my sister": a relative the clause does not name (what they do fills few slots, see statements.ts). */
  unnamed?: boolean;
}

export interface Built {
  /** "Robert is the user's dad": true of no particular time the clause names. */
  timeless?: boolean;
  content: string;
  type: 'semantic' | 'opinion';
  slot: string | null;
  value: string | null;
  entities: StatementEntity[];
  /** A plan's: when it is to happen (planned-changes.ts). */
  due?: number;
}

/** A clause the state rules read and found to say nothing (a joke allergy, a death in a dream): no other rule reads it. */
export const NOTHING = 'nothing';
/** One state read from a clause, NOTHING, or null when the clause has no such shape. */
export type StateReading = Built | typeof NOTHING | null;
/** What a clause's states read: one or two statements, NOTHING, or null. */
export type StatesRead = Built[] | typeof NOTHING | null;

/** Where a clause stands in its sentence (readSentence). */
export interface ClausePosition {
  /** An earlier clause named someone else and said nothing of them: "my mum, bless her, …". */
  afterSomeoneElse: boolean;
  /** The rest of the sentence says the clause is a plan: "i quit my job when the bonus comes in", "… soon". */
  planned: boolean;
  /** The clause before began with a subject that is not the speaker, and one this reader could not read ("jake quit his job and …"). */
  afterOtherSubject: boolean;
  /** The sentence says "we" are a band, a class, a meeting: a break-up is not a couple's. */
  coupleDoubt: boolean;
}
