/**
 * A plan carried out, told in other words. "moving to cork in september!!" is kept as the plan (`user.plan.move_to` =
 * cork, due September; nlp/planned-changes.ts); months later the person says "cork girlie now 😎" or "manchester life
 * is treating us well" — no rule reads a move in that, but the place of their plan, named by them once it is due in a
 * plain statement with a word that says it holds now ("now", "life", "first week", "my manager"; PLAN_KINDS `settled`),
 * says the plan happened. Then the plan is what holds ("User lives in Cork", from when it was due if that is earlier,
 * citing the plan's messages and this one) and the plan is ended ("User moved to Cork as planned"). A message that says
 * the move itself ("we moved to cork!") ends the plan the same way; living somewhere else once it was due ends it unmet.
 *
 * Not read as carrying a plan out: a question, a denial, doubt or regret ("not cork after all"), the plan said again
 * ("cork in 2 weeks!!"), a trip, a game, a price or a product ("flights to cork", "Apple event tonight"), someone else's
 * news ("my sister loves cork"), or a mention before the plan is due or on the day it was made. A plan called off ("the
 * move fell through", "they pulled the offer") is ended: "User no longer plans to move to Cork".
 */
import type { MemoryNode } from '../../src-shared/memory-types';
import { endedValue, isDeparture } from '../../src-shared/slot-values';
import { escapeRegExp } from '../../src-shared/text';
import { seenFromSpace } from './candidates';
import { speakerOf, spokenText } from './extract-offline';
import type { WritePathMemory } from './memory-port';
import { PLAN_KINDS, planSlot, shownValue, type PlanKind } from './nlp/planned-changes';
import { RELATIONS } from './nlp/lexicon';
import { winkAnalyzer } from './nlp/analyzer';
import type { CandidateFact } from './types';

const DAY_MS = 86_400_000;
/** Plans of the person (the app's user): the subject of their slots. */
const SUBJECT = 'user';
const PAGE = 200;

/** Words that make a sentence no plain statement of what holds now: doubt, denial, regret, a plan or a condition. */
const NOT_DONE =
  /n't\b|\b(?:not|no|nope|never|nt|cancel+(?:ed|led)?|fell through|off|postponed?|delayed?|pushed|on hold|instead|against|over|gave up|regret\w*|dunno|idk|should|maybe|might|may|hope|hopefully|if|when|until|before|soon|gonna|going to|will|'ll|would|wish|wants?|thinking|planning|plan|moving|starting|joining|next|tomorrow|tmrw|from|how|what|where|why)\b|\bin\s+(?:\d+|a|an|two|three|four|a few|a couple(?: of)?)\s+(?:days?|weeks?|months?)\b|\?/i;
/** A place or a firm talked of, not lived in or worked at: a trip, a game, prices, a product, an interview. */
const TALKED_OF =
  /\b(?:flights?|fly(?:ing)?|flew|trip|visit\w*|weekend|holiday|hotel|booked|airport|back from|viewings?|looking at|prices?|tickets?|match|vs|game|event|interview\w*|stock|shares?|ghosted|rejected|lowball\w*|outage|docs|app|delivery|order(?:ed)?)\b/i;

/** A plan called off: "the move fell through", "not moving to cork after all", "they pulled the offer", "turned it down". */
const CALLED_OFF =
  /\b(?:fell through|falls? through|falling through|cancel+(?:ed|led)|called (?:it )?off|not happening|isn'?t happening|no longer|rescinded|withdr[ae]wn?|pulled (?:the|their|my) offer|not (?:moving|going|starting|joining|taking)|staying (?:put|in|at)|turned (?:it|the offer|them|the job) down|declined)\b/i;

/** Someone else's news ("my sister loves cork", "he starts at feedzai"). */
const SOMEONE_ELSE = new RegExp(`\\b(?:he|she|they|his|her|their|him|them|(?:my|our)\\s+(?:${[...RELATIONS].map(escapeRegExp).join('|')}))\\b`, 'i');

interface HeldPlan {
  node: MemoryNode;
  kind: PlanKind;
  value: string;
  due: number | null;
}

function heldPlan(node: MemoryNode): HeldPlan | null {
  const kind = planSlot(typeof node.attributes.slot === 'string' ? node.attributes.slot : null)?.kind;
  const value = typeof node.attributes.value === 'string' ? node.attributes.value : null;
  if (!kind || !value || isDeparture(value)) return null;
  return { node, kind, value, due: typeof node.attributes.due === 'number' ? node.attributes.due : null };
}

/**
 * The user's current plans seen from the session's space; and, read again (re-extract), the plans the session itself
 * ended (`endedBySession`: its facts), so reading it again carries them out again rather than losing what it told.
 */
function heldPlans(engine: WritePathMemory, spaceId: string | undefined, endedBySession: readonly string[]): HeldPlan[] {
  const current = PLAN_KINDS.flatMap((kind) => engine.writePathStore.factsInSlot(`${SUBJECT}.plan.${kind.plan}`, 10).filter((n) => seenFromSpace(n, spaceId)));
  const ended = engine.writePathStore
    .nodes(endedBySession)
    .filter((n) => planSlot(typeof n.attributes.slot === 'string' ? n.attributes.slot : null) && isDeparture(typeof n.attributes.value === 'string' ? n.attributes.value : null))
    .flatMap((n) => {
      const versions = engine.getNode(n.id).versions;
      const before = versions[versions.findIndex((v) => v.id === n.id) - 1];
      return before ? [before] : [];
    });
  return [...new Map([...current, ...ended].map((n) => [n.id, n])).values()].flatMap((n) => heldPlan(n) ?? []);
}

/**
 * The sentence of `text` that names `value` as words of its own, or null; with `asName`, only written with its capital
 * ("Apple", not "an apple").
 */
function sentenceNaming(text: string, value: string, asName: boolean): string | null {
  const written = asName ? value.replace(/(?<![\p{L}])\p{Ll}/gu, (c) => c.toUpperCase()) : value;
  const named = new RegExp(`(?<![\\p{L}\\p{N}])${written.split(/\s+/).map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, asName ? 'u' : 'iu');
  return sentences(text).find((s) => named.test(s)) ?? null;
}

const sentences = (text: string): string[] => text.split(/(?<=[.!?\n])\s*/u);

/**
 * Whether a sentence naming the plan's value says it holds now, in the person's own plain words: with a word that says so
 * ("now", "life", "first week", "my manager"), and no doubt, denial, plan, question, trip or product.
 */
function saysItHolds(sentence: string, kind: PlanKind): boolean {
  const plain = sentence.replace(/[’]/g, "'");
  return kind.settled.test(plain) && !NOT_DONE.test(plain) && !TALKED_OF.test(plain) && !SOMEONE_ELSE.test(plain);
}

/** Whether `text` calls the plan off, in a sentence naming its place or firm or what the plan is ("the move"). */
function callsOff(text: string, plan: HeldPlan, asName: boolean): boolean {
  return sentences(text).some(
    (s) => (sentenceNaming(s, plan.value, asName) !== null || plan.kind.called.test(s)) && CALLED_OFF.test(s.replace(/[’]/g, "'")) && !s.includes('?') && !SOMEONE_ELSE.test(s),
  );
}

function planSources(engine: WritePathMemory, plan: HeldPlan): string[] {
  return engine.getNode(plan.node.id).derivedFrom.map((e) => e.id);
}

/** The value as the plan's own text writes it ("Cork" in "User plans to move to Cork …"). */
function shownIn(plan: HeldPlan): string {
  const written = plan.node.content.match(new RegExp(`(?<![\\p{L}])${escapeRegExp(plan.value)}(?![\\p{L}])`, 'iu'))?.[0];
  return shownValue(plan.value, written ? [{ name: written }] : []);
}

/**
 * The plan ended: because it happened ("User moved to Cork as planned"), or not ("User no longer plans to move to Cork").
 * Its departure value replaces it, as "left X" replaces "works at X". `at` null: when its first source was said.
 */
function planEnded(plan: HeldPlan, happened: boolean, sources: readonly string[], at: number | null, basis: CandidateFact['basis']): CandidateFact {
  const what = shownIn(plan);
  return {
    type: 'semantic',
    content: happened ? `User ${plan.kind.plan === 'move_to' ? 'moved to' : 'started at'} ${what} as planned` : plan.kind.dropped('User', what),
    sourceEpisodeIds: [...sources],
    entityNames: [],
    slot: `${SUBJECT}.plan.${plan.kind.plan}`,
    value: endedValue(plan.value),
    basis,
    eventTime: at,
  };
}

/**
 * What the session's messages (read from `afterRowid`) carry out of the person's plans, as facts to add to its batch:
 * for each plan a message names once it is due, the slot's new value and the plan ended; for each plan the batch
 * already fulfils (a move or a job told outright), the plan ended. `sessionFacts`: what memory holds from the session
 * when it is read again.
 */
export async function plansCarriedOut(engine: WritePathMemory, sessionId: string, afterRowid: number, batch: readonly CandidateFact[], sessionFacts: readonly string[] = []): Promise<CandidateFact[]> {
  const spaceId = engine.getSession(sessionId)?.spaceId;
  const plans = heldPlans(engine, spaceId, sessionFacts);
  if (plans.length === 0) return [];
  const analyzer = await winkAnalyzer();
  const everyday = (value: string): boolean => !value.includes(' ') && analyzer.isEverydayWord?.(value) === true;
  const out: CandidateFact[] = [];
  const saidAt = (f: CandidateFact): number => f.eventTime ?? Math.min(...f.sourceEpisodeIds.map((id) => engine.writePathStore.node(id)?.eventTime ?? Infinity));
  const open = plans.filter((plan) => {
    const held = batch.filter((f) => f.slot === `${SUBJECT}.${plan.kind.fills}` && f.value !== null && !isDeparture(f.value));
    const told = held.find((f) => f.value === plan.value);
    if (told) {
      out.push(planEnded(plan, true, told.sourceEpisodeIds, told.eventTime, 'inferred'));
      return false;
    }
    // Living or working somewhere else once the plan was due ("we live in galway now"): it did not happen.
    const other = held.find((f) => saidAt(f) >= (plan.due ?? plan.node.validFrom + DAY_MS) - DAY_MS);
    if (!other) return true;
    out.push(planEnded(plan, false, other.sourceEpisodeIds, other.eventTime, 'inferred'));
    return false;
  });
  // A session that plans anew has replaced the plan; one that tells of the slot itself has said what it says about it,
  // unless it calls the plan off.
  const pending = open.filter((plan) => !batch.some((f) => f.slot === plan.node.attributes.slot));
  const toldOfSlot = new Set(pending.filter((plan) => batch.some((f) => f.slot === `${SUBJECT}.${plan.kind.fills}`)));
  let after = afterRowid;
  while (pending.length > 0) {
    const page = engine.writePathStore.sessionEpisodes(sessionId, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]?.rowid ?? after;
    for (const { node: episode } of page) {
      const speaker = speakerOf(episode);
      if (!speaker?.isUser) continue;
      const text = spokenText(episode, speaker);
      for (let i = pending.length - 1; i >= 0; i--) {
        const plan = pending[i] as HeldPlan;
        // (A firm's name that is a word is as often the word; a town's, "cork", "bath", is said in lower case as the town.)
        const asName = plan.kind.plan === 'start_at' && everyday(plan.value);
        if (episode.eventTime > plan.node.validFrom && callsOff(text, plan, asName)) {
          out.push(planEnded(plan, false, [episode.id], null, 'stated'));
          pending.splice(i, 1);
          continue;
        }
        if (toldOfSlot.has(plan) || episode.eventTime < plan.node.validFrom + DAY_MS || (plan.due !== null && episode.eventTime < plan.due - DAY_MS)) continue;
        // ("first day at google today!!": a firm after "at" is the firm, in any case.)
        const atTheFirm = new RegExp(`\\b(?:at|@)\\s+${escapeRegExp(plan.value)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
        const sentence = sentenceNaming(text, plan.value, asName && !atTheFirm);
        if (!sentence || !saysItHolds(sentence, plan.kind)) continue;
        const sources = [...new Set([...planSources(engine, plan), episode.id])];
        // From when it was due, when that was said and is past; else from this message.
        const from = plan.due !== null && plan.due <= episode.eventTime ? plan.due : episode.eventTime;
        const name = shownIn(plan);
        out.push(
          { type: 'semantic', content: plan.kind.done('User', name), sourceEpisodeIds: sources, entityNames: [name], slot: `${SUBJECT}.${plan.kind.fills}`, value: plan.value, basis: 'inferred', eventTime: from },
          planEnded(plan, true, [episode.id], from, 'inferred'),
        );
        pending.splice(i, 1);
      }
    }
  }
  return out;
}
