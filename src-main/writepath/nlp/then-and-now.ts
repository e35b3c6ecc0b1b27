/**
 * A home or a job then, and the one now, said the chat's way without "I": "used to live in paris\nnow in lyon", "was at
 * tesco for 5 yrs\nnow at aldi", "ex-amazon, now at shopify", "formerly at ibm, now at red hat", "former nurse, now a paramedic", "from glasgow
 * originally\nlive in london now". The part said of now gets its subject and verb back ("now I live in lyon"), so it is
 * read as the speaker's current home or job, and superseded what came before, as "Now I live in Lyon" is.
 */

import { JOB_SUFFIX, NOT_JOBS } from './lexicon';
import { SPAN_COUNT } from './time-spans';

/** A past home or job of the speaker's, said at the start of a line or sentence (no one else is its subject). */
const PAST_HOME = /(?:^|[\n.!?]\s*)(?:i\s+|i've\s+|ive\s+|we\s+)?(?:used to live|formerly (?:in|of)\b|lived|was living|grew up|moved out of|moved away from|moved (?:house|flat|home)|(?:was\s+)?born and raised)\b|\bfrom\s+\p{L}+\s+originally\b|(?:^|[\n.!?]\s*)originally from\b/iu;
/** ("switched jobs, now at google": a job changed says there was one before.) */
const PAST_JOB =
  /(?:^|[\n.!?]\s*)(?:i\s+)?(?:used to (?:work|be at|be a)|(?:worked|was working|was) (?:at|for) \p{L}+(?:\s+\p{L}+)?\s+(?:for (?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:yrs?|years?|months?)|til|till|until|before|from)\b|left \p{L}+|quit \p{L}+)|(?:^|[\n.!?]\s*)i worked at \p{L}+(?:\s+\p{L}+)?\s+before\b|(?:^|[\n.!?,]\s*)(?:ex-|former\s+)\p{L}+|(?:^|[\n.!?]\s*)formerly (?:at|with|a|an) \p{L}|(?:^|[\n.!?]\s*)(?:i\s+|i've\s+|ive\s+)?(?:just\s+|finally\s+)?(?:switched|changed|swapped|moved) (?:jobs|companies|employers)\b/iu;
/** Someone else's then and now: "(my cousin that is)", "— or so he says", a line naming them first ("my mum:\n…"). */
const SOMEONE_ELSES = /\bthat is\b|\bor so (?:he|she|they) say|\baccording to\b|(?:^|\n)\s*(?:lol\s+)?(?:my\s+\p{L}+\s*:?|\p{L}+\s*:)\s*\n/iu;
/** A stay, not a home: "now in lyon for work this week", "… visiting my mum", "… on holiday", "… at my sisters". */
const A_STAY_AFTER = /^[^\n.!?,;]*?\b(?:for (?:work|the|a|my|\d)|visiting|on (?:holiday|hols|a trip)|at my|this week|till|until|for now)\b/iu;
/** "ex-amazon, now at shopify", "former nurse, now a paramedic": the job before, said as a title. */
const EX_TITLE = /(^|[\n.!?]\s*)(?:ex-|former\s+)(\p{L}[\p{L}&'-]*)(?=\s*[,;\n-]+\s*(?:but\s+|and\s+)?now\s+(?:at|a|an)\b)/iu;
/** "formerly at ibm, now at google", "formerly a nurse, now a paramedic": the job before, said as where one was or what. */
const FORMERLY_AT = /(^|[\n.!?]\s*)formerly (at|with|a|an) (?=\p{L}[^\n.!?]*?[,;\n-]+\s*(?:but\s+|and\s+)?now\s+(?:at|a|an)\b)/iu;
const NOW_AT = /(^|[\n.!?,;]\s*|\s-\s*|\b(?:and|but)\s+)now\s+(?:back\s+)?(?:(?:home|living|based|(?:i'?m|i am))\s+)?(in|at|a|an)\s+(?=\p{L})/giu;
/**
 * "used to work at tesco, then asda, now lidl since 2022": in the sentence of a job worked at, a name alone after "now" is
 * where one works now — not a state or a word that goes on talking ("now unemployed", "now retired", "now that…"), and
 * only with nothing after it but a time ("since 2022", "for 2 years"): "now tesco for the weekly shop" is an errand.
 */
const NOW_NAMED = new RegExp(
  String.raw`([,;]\s*|\s-\s*|\b(?:and|but)\s+)now\s+(?=(\p{L}[\p{L}&'-]*)(?:\s+since\b|\s+for\s+${SPAN_COUNT}\s+(?:year|month|week)s?\b|\s*(?:[.,;!?\n]|$)))`,
  'giu',
);
/** A job worked at, said of then: "used to work at", "worked for", "was working at" (not "was at work"). */
const WORKED_AT = /\b(?:used to work|worked|was working|(?:have|'ve|ve) worked)\s+(?:at|for)\s+\p{L}/iu;
const NOT_A_WORKPLACE = new Set(
  `i im we you he she they it its it's that this there here what which who so too very really just only still also even not no never
   a an the my our your his her their at in on off back home unemployed retired freelance freelancing self jobless redundant
   studying travelling traveling looking working contracting remote wfh happier better worse fine ok okay married single engaged
   pregnant vegan vegetarian sober clean free done over gone dead alive sick ill tired busy broke rich retraining volunteering
   uni school college university nothing lockdown covid maternity paternity leave sabbatical mum dad parenting kids sleep
   lol haha`.split(/\s+/),
);
const BARE_PRESENT = /(^|[\n.!?]\s*)(live|living|based) in\s+(?=\p{L})/giu;
const BACK_IN_NOW = /(^|[\n.!?,;]\s*)back (?:home )?in\s+(\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*)?)\s+now\b/giu;

/** `text` with what is said of now given its subject and verb, when it follows a home or job said of then. */
export function withThenAndNow(text: string): string {
  const home = PAST_HOME.test(text);
  const job = PAST_JOB.test(text);
  if ((!home && !job) || SOMEONE_ELSES.test(text)) return text;
  let out = text;
  if (job) {
    // ("former smoker, now a vaper": a habit is no job, and what it is now none either.)
    const exTitle = EX_TITLE.exec(out)?.[2]?.toLowerCase();
    if (exTitle !== undefined && NOT_JOBS.has(exTitle)) return text;
    out = out.replace(FORMERLY_AT, (_, before: string, word: string) => `${before}I used to ${['a', 'an'].includes(word.toLowerCase()) ? `be ${word}` : 'work at'} `);
    out = out.replace(EX_TITLE, (_, before: string, title: string) => {
      // A firm ("ex-amazon") was worked at; a role ("former nurse") was held.
      return `${before}I used to ${JOB_SUFFIX.test(title) ? `be a ${title}` : `work at ${title}`}`;
    });
  }
  out = out.replace(NOW_AT, (all: string, before: string, word: string, at: number, whole: string) => {
    const lower = word.toLowerCase();
    if (A_STAY_AFTER.test(whole.slice(at + all.length))) return all;
    if (lower === 'in' && home) return `${before}now I live in `;
    if (lower === 'at' && job) return `${before}now I work at `;
    if ((lower === 'a' || lower === 'an') && job) return `${before}now I am ${lower} `;
    return all;
  });
  // (Only after a place worked at: "former vegan, now keto" names no workplace.)
  if (job) {
    out = out.replace(NOW_NAMED, (all: string, before: string, name: string, at: number, whole: string) => {
      const sentence = whole.slice(0, at).split(/[.!?\n]/).at(-1) ?? '';
      if (!WORKED_AT.test(sentence) || NOT_A_WORKPLACE.has(name.toLowerCase())) return all;
      // ("…tesco, then asda, now lidl since 2022": with a job between, the first did not end when the one now began.)
      return /\bthen\b/i.test(sentence) ? '. now I work at ' : `${before}now I work at `;
    });
  }
  if (home) {
    out = out.replace(BARE_PRESENT, (_, before: string) => `${before}I live in `).replace(BACK_IN_NOW, (_, before: string, place: string) => `${before}I live in ${place} now`);
  }
  // The then, told without "I" at the message's start, is the speaker's too once the now is: "used to live in paris\nnow in lyon".
  return out === text ? text : out.replace(PAST_WITHOUT_SUBJECT, '$1I $2');
}

const PAST_WITHOUT_SUBJECT = /^(\W*(?:(?:hi+|hey+|hiya|hello|so|ok|omg|lol)\b[\s,!.]*)?)(used to (?:live|work|be)|worked at|lived in|was at)\b/i;
