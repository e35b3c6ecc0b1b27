/**
 * Deterministic generator of realistic, varied chat messages for benchmarks: a seeded PRNG fills
 * templates about everyday life (people, places, work, plans, health, hobbies) so FTS, embedding and
 * entity linking see text shaped like real conversations rather than repeated strings.
 */

/** mulberry32: small, fast, seedable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PEOPLE = [
  'Maria', 'Jonas', 'Priya', 'Tom', 'Aisha', 'Kenji', 'Lucia', 'Omar', 'Sofia', 'Dmitri', 'Grace', 'Mateo',
  'Hannah', 'Ravi', 'Chloe', 'Ivan', 'Nadia', 'Ben', 'Yuki', 'Carlos', 'Elena', 'Sam', 'Fatima', 'Leo',
];
export const PLACES = [
  'Lisbon', 'Berlin', 'the office', 'Kyoto', 'the gym', 'Porto', 'the farmers market', 'Madrid', 'the lake house',
  'Warsaw', 'the library', 'Montreal', 'the climbing hall', 'Seville', 'the dentist', 'Copenhagen', 'the park',
];
const RELATIONS = ['my sister', 'my boss', 'my neighbour', 'my dad', 'my mum', 'my partner', 'a colleague', 'my flatmate', 'my cousin', 'an old friend'];
const PROJECTS = ['the Atlas migration', 'Project Heron', 'the quarterly report', 'the mobile app redesign', 'the budget review', 'the onboarding docs', 'the data pipeline', 'the kitchen renovation'];
const HOBBIES = ['bouldering', 'sourdough baking', 'watercolour painting', 'the violin', 'trail running', 'chess', 'pottery', 'learning Portuguese', 'birdwatching', 'woodworking', 'salsa dancing'];
const FOODS = ['ramen', 'a mushroom risotto', 'tacos', 'pad thai', 'shakshuka', 'a lentil curry', 'sushi', 'pierogi', 'falafel wraps'];
const TIMES = ['yesterday', 'last week', 'this morning', 'on Saturday', 'two days ago', 'last month', 'on Friday evening', 'tonight', 'next Tuesday', 'in March'];
const FEELINGS = ['exhausted', 'really happy', 'a bit anxious', 'relieved', 'frustrated', 'excited', 'proud', 'nervous', 'calm'];
const THINGS = ['a new laptop', 'running shoes', 'a second-hand bike', 'concert tickets', 'a standing desk', 'noise-cancelling headphones', 'a cast-iron pan', 'plane tickets'];
const TOPICS = ['sleep schedule', 'budget for the trip', 'job interview', 'vet appointment', 'tax return', 'visa paperwork', 'marathon training plan', 'wedding speech'];

const USER_TEMPLATES: ((p: Picker) => string)[] = [
  (p) => `I met ${p.person()} at ${p.place()} ${p.time()} and we talked about ${p.project()} for ages.`,
  (p) => `${cap(p.relation())} thinks I should stop ${p.hobby()} but honestly it keeps me sane.`,
  (p) => `Can you remind me what I said about ${p.topic()}? I feel ${p.feeling()} about it.`,
  (p) => `We cooked ${p.food()} ${p.time()}, ${p.person()} brought wine and it was lovely.`,
  (p) => `I finally bought ${p.thing()} — cost more than planned but I needed it for ${p.hobby()}.`,
  (p) => `${p.person()} is moving to ${p.place()} ${p.time()}, I'm ${p.feeling()} for them.`,
  (p) => `Deadline for ${p.project()} got pushed again. ${cap(p.relation())} was ${p.feeling()}.`,
  (p) => `Started ${p.hobby()} ${p.time()}. Three sessions in and I'm already ${p.feeling()}.`,
  (p) => `Note to self: call ${p.person()} about the ${p.topic()} before ${p.time()}.`,
  (p) => `Do you think ${p.food()} is a good idea for dinner with ${p.relation()}?`,
  (p) => `I'm flying to ${p.place()} ${p.time()} for ${p.project()}, staying ${p.int(2, 9)} nights.`,
  (p) => `My ${p.topic()} is a mess, I slept ${p.int(4, 8)} hours and feel ${p.feeling()}.`,
  (p) => `${p.person()} recommended ${p.hobby()}; I might try a class at ${p.place()}.`,
  (p) => `Why did ${p.project()} slip? I think because ${p.person()} was out sick for a week.`,
  (p) => `When we spoke ${p.time()} you suggested budgeting €${p.int(50, 900)} for ${p.thing()}.`,
  (p) => `I don't like ${p.food()} anymore, too heavy. I prefer something lighter after ${p.hobby()}.`,
  (p) => `Meeting with ${p.person()} and ${p.person()} about ${p.project()} went ${p.pick(['well', 'badly', 'fine', 'long'])}.`,
  (p) => `Ugh, ${p.relation()} forgot the ${p.topic()} again. I had to sort it out at ${p.place()}.`,
];

const ASSISTANT_TEMPLATES: ((p: Picker) => string)[] = [
  (p) => `That sounds ${p.pick(['great', 'stressful', 'like a lot', 'fun'])}. How is ${p.person()} doing with ${p.project()}?`,
  (p) => `You mentioned ${p.hobby()} ${p.time()} — want me to plan a weekly slot for it?`,
  (p) => `Noted. I'll remember that ${p.person()} is involved in ${p.project()}.`,
  (p) => `For ${p.topic()}, a short checklist might help: ${p.int(3, 6)} steps, one per day.`,
  (p) => `If you're feeling ${p.feeling()}, maybe a walk to ${p.place()} would help before ${p.time()}.`,
  (p) => `Last time you liked ${p.food()}; ${p.place()} has a good place for it.`,
  (p) => `Got it — ${p.thing()} for about €${p.int(40, 1200)}. Should I track it in your budget?`,
  (p) => `Happy to help with ${p.project()}. What's the next concrete step?`,
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

class Picker {
  constructor(private readonly r: () => number) {}
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)] as T;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  person = (): string => this.pick(PEOPLE);
  place = (): string => this.pick(PLACES);
  relation = (): string => this.pick(RELATIONS);
  project = (): string => this.pick(PROJECTS);
  hobby = (): string => this.pick(HOBBIES);
  food = (): string => this.pick(FOODS);
  time = (): string => this.pick(TIMES);
  feeling = (): string => this.pick(FEELINGS);
  thing = (): string => this.pick(THINGS);
  topic = (): string => this.pick(TOPICS);
}

export interface ChatMessage {
  sessionId: string;
  role: 'user' | 'assistant';
  content: string;
  eventTime: number;
}

const STREAM_START = Date.parse('2025-01-01T08:00:00Z');

/**
 * An endless, deterministic stream of chat sessions (6–30 turns, alternating roles, hours to days apart).
 * `count`: how many messages will be read; the stream then starts early enough that they all end a day before
 * the clock (the hot path refuses a message said in the future, and 100k messages span decades).
 */
export function chatStream(seed = 42, start = STREAM_START, count?: number): Generator<ChatMessage> {
  if (count === undefined) return messagesFrom(seed, start);
  const probe = messagesFrom(seed, 0);
  let span = 0;
  for (let i = 0; i < count; i++) span = (probe.next().value as ChatMessage).eventTime;
  return messagesFrom(seed, Math.min(start, Date.now() - 86_400_000 - span));
}

function* messagesFrom(seed: number, start: number): Generator<ChatMessage> {
  const r = rng(seed);
  const p = new Picker(r);
  let t = start;
  for (let session = 0; ; session++) {
    const turns = p.int(6, 30);
    const sessionId = `bench-${seed}-${session}`;
    for (let i = 0; i < turns; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      let content = p.pick(role === 'user' ? USER_TEMPLATES : ASSISTANT_TEMPLATES)(p);
      // Some messages are longer: people add a second thought.
      if (r() < 0.3) content += ` ${p.pick(USER_TEMPLATES)(p)}`;
      t += p.int(5, 120) * 1000;
      yield { sessionId, role, content, eventTime: t };
    }
    t += p.int(1, 72) * 3_600_000;
  }
}
