/** Realistic questions over the generated chat corpus, mixing every intent. Deterministic. */
import { PEOPLE, PLACES, rng } from './chat-corpus';

const TEMPLATES: ((p: string, q: string) => string)[] = [
  (p) => `When did I last meet ${p}?`,
  (p, q) => `What did ${p} say about ${q}?`,
  () => 'Why did the Atlas migration deadline slip?',
  (p) => `Who is ${p} and how do I know them?`,
  (_p, q) => `What happened at ${q} last month?`,
  () => 'What do I usually cook for dinner?',
  (p) => `Tell me everything about ${p}`,
  () => 'How much did I budget for the standing desk?',
  (p, q) => `Did ${p} move to ${q}?`,
  () => 'why am I so exhausted after bouldering',
  () => 'summarize my sleep schedule problems and the marathon training plan',
  (p) => `${p} birthday plans`,
  () => 'когда я был в Лиссабоне?',
  () => 'what hobbies did I start this year and how did they go',
];

export function benchQueries(n: number, seed = 99): string[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const t = TEMPLATES[Math.floor(r() * TEMPLATES.length)] as (p: string, q: string) => string;
    return t(PEOPLE[Math.floor(r() * PEOPLE.length)] as string, PLACES[Math.floor(r() * PLACES.length)] as string);
  });
}
