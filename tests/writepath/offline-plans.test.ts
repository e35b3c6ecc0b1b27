/**
 * A move or a new job planned is kept as the plan (nlp/planned-changes.ts), and a later session that names the plan's
 * place or firm in a plain statement once it is due carries it out (writepath/plans-carried-out.ts). Consolidated
 * offline into a real memory, session by session.
 */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { prepareReextract } from '../../src-main/writepath/reextract';
import type { MemoryEngine } from '../../src-main/memory';
import { planned, slotted } from '../helpers/slotted';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('a plan is kept as the plan, with the day it is due', () => {
  // (Said on Wednesday 2026-11-25.)
  it('a move or a job to come, said with or without "I\'m", gives the plan and no home or job', async () => {
    expect(await planned("I'm moving to Berlin next month")).toEqual([
      { content: 'User plans to move to Berlin in December 2026', slot: 'user.plan.move_to', value: 'berlin', due: '2026-12-25' },
    ]);
    expect(await slotted("I'm moving to Berlin next month")).toEqual([]);
    // A weekday or a month read as the last one is the next one for a plan.
    expect(await planned('I start at Hooli on Monday')).toMatchObject([{ content: 'User is due to start at Hooli on 30 November 2026', slot: 'user.plan.start_at', value: 'hooli', due: '2026-11-30' }]);
    expect(await planned('moving to cork in september!!')).toMatchObject([{ content: 'User plans to move to Cork in September 2027', value: 'cork', due: '2027-09-01' }]);
    expect(await planned("I'm joining Stripe in March")).toMatchObject([{ content: 'User is due to start at Stripe in March 2027', value: 'stripe' }]);
    // Yesterday's weekday is next week's; a day of the month the next month that has it; a holiday next year's.
    expect((await planned('moving to leeds on tuesday'))[0]?.due).toBe('2026-12-01');
    expect((await planned('moving to leeds on the 31st'))[0]).toMatchObject({ content: 'User plans to move to Leeds on 31 December 2026', due: '2026-12-31' });
    expect((await planned('moving to leeds this month'))[0]?.content).toBe('User plans to move to Leeds in November 2026');
    // Said in the future: "gonna", "planning to", "will", "'ll be".
    expect(await planned('im gonna move to cork in september')).toMatchObject([{ slot: 'user.plan.move_to', value: 'cork', due: '2027-09-01' }]);
    expect(await planned("we're planning to move to Leeds next year")).toMatchObject([{ content: 'User plans to move to Leeds in 2027' }]);
    expect(await planned("I'll be starting at Google in March")).toMatchObject([{ content: 'User is due to start at Google in March 2027' }]);
    for (const text of ['we were going to move to leeds but nah', "I'm going to start running", "i'll join you later"]) expect(await planned(text), text).toEqual([]);
    // No time said: the plan without a date.
    expect(await planned("we're moving to Leeds")).toEqual([{ content: 'User plans to move to Leeds', slot: 'user.plan.move_to', value: 'leeds', due: null }]);
  });

  it("is not someone else's plan, a plan denied, a wish, a job left, or a move to an app", async () => {
    for (const text of [
      'my sister is moving to leeds next month',
      "I'm not moving to Leeds",
      'moving to cork would be a dream',
      "If I ever move to Canada, I'd want to live in Vancouver.",
      "I'm leaving Globex next month",
      "I'm moving to Linux next week",
      'Do you think I should move to Leeds?',
      // In doubt, one of two, a stay, no employer, or gone by.
      'if the visa comes through, moving to toronto in may',
      'moving to leeds or york next month',
      "i'm moving to leeds next month for a week",
      'moving to berlin on monday for a 3 month contract',
      'joining the Labour party next month',
      'joining netflix tonight lol',
      'moving to leeds last month',
    ]) {
      expect(await planned(text), text).toEqual([]);
    }
  });
});

/** Sessions of one chat, each said on its day; each consolidated offline in turn. */
async function chatOverTime(sessions: [day: string, ...messages: string[]][]): Promise<MemoryEngine> {
  const clock = new ManualClock(Date.parse(`${sessions[0]?.[0] ?? '2026-01-01'}T09:00:00Z`));
  const { engine } = openTestEngine({ clock });
  for (const [i, [day, ...messages]] of sessions.entries()) {
    clock.t = Date.parse(`${day}T09:00:00Z`);
    for (const content of messages) {
      engine.recordEpisode({ sessionId: `s${i}`, role: 'user', content });
      clock.t += 60_000;
    }
    await engine.flush();
    const outcome = await consolidateSession(engine, new OfflineExtractor(), `s${i}`);
    expect(outcome.status, outcome.error ?? '').toBe('consolidated');
  }
  return engine;
}

const current = (engine: MemoryEngine): string[] =>
  engine
    .listNodes({ types: ['semantic'] })
    .items.filter((n) => typeof n.attributes.slot === 'string')
    .map((n) => `${String(n.attributes.slot)}=${String(n.attributes.value)}@${new Date(n.validFrom ?? n.eventTime).toISOString().slice(0, 10)}`)
    .sort();

describe('a plan carried out, told in other words', () => {
  it('the place of a move planned, named once it is due, is the new home, from the day it was due', async () => {
    const engine = await chatOverTime([
      ['2026-06-02', 'I live in Dublin', 'moving to cork in september!!'],
      ['2026-10-12', 'cork girlie now 😎'],
    ]);
    expect(current(engine)).toEqual(['user.plan.move_to=ended:cork@2026-09-01', 'user.residence=cork@2026-09-01']);
    const home = engine.listNodes({ types: ['semantic'] }).items.find((n) => n.attributes.slot === 'user.residence');
    expect(home?.content).toBe('User lives in Cork');
    // It cites the plan's message and the one that told it happened; Dublin is its earlier version.
    expect(engine.getNode(home?.id ?? '').derivedFrom.map((e) => e.content).sort()).toEqual(['cork girlie now 😎', 'moving to cork in september!!']);
    const all = engine.listNodes({ types: ['semantic'], includeInvalid: true }).items;
    expect(all.find((n) => n.content === 'User lives in Dublin')?.validUntil).not.toBeNull();
    expect(all.find((n) => n.content === 'User moved to Cork as planned')).toBeDefined();
    await engine.close();
  });

  it('says the plan holds with a word for it: now, life, a first week, our flat, "we\'re in"', async () => {
    for (const said of ['cork life is treating us well', 'first week in cork done!', 'our flat in cork is tiny but we love it', "we're in cork, finally"]) {
      const engine = await chatOverTime([['2026-06-02', 'moving to cork in september!!'], ['2026-10-12', said]]);
      expect(current(engine), said).toEqual(['user.plan.move_to=ended:cork@2026-09-01', 'user.residence=cork@2026-09-01']);
      await engine.close();
    }
  });

  it('a new job planned, named at work after its first day, is the employer; a plan with no day needs a later day', async () => {
    const engine = await chatOverTime([
      ['2026-03-02', 'I work at Fenwick Labs', "I'm joining Feedzai next month!"],
      ['2026-04-20', 'first week at Feedzai done, so much calmer than my old place'],
    ]);
    expect(current(engine)).toContain('user.employer=feedzai@2026-04-02');
    await engine.close();
    const same = await chatOverTime([['2026-06-02', "so we're moving to manchester", 'manchester here we come']]);
    expect(current(same)).toEqual(['user.plan.move_to=manchester@2026-06-02']);
    await same.close();
    const later = await chatOverTime([
      ['2026-06-02', "so we're moving to manchester"],
      ['2026-08-14', 'manchester life is treating us well'],
    ]);
    expect(current(later)).toEqual(['user.plan.move_to=ended:manchester@2026-08-14', 'user.residence=manchester@2026-08-14']);
    await later.close();
  });

  it('is not carried out by a mention before it is due, a question, a denial, or someone else', async () => {
    for (const said of [
      ['2026-07-01', 'cork is so rainy lol'],
      ['2026-10-12', 'is cork nice in winter?'],
      ['2026-10-12', 'not cork after all'],
      ['2026-10-12', 'my sister loves cork'],
      // Named once due, but as a trip, a game, prices or a thing: not lived in.
      ['2026-10-12', 'flights to cork are so expensive now'],
      ['2026-10-12', 'went to cork for the weekend to look at flats'],
      ['2026-10-12', 'Cork vs Kerry on Sunday, cant wait'],
      ['2026-10-12', 'popped the cork on a bottle of prosecco 🍾'],
      ['2026-10-12', 'we went with galway over cork'],
      ['2026-10-12', "how's the weather in cork this week"],
      ['2026-10-12', 'cork in 2 weeks!!'],
    ] as [string, string][]) {
      const engine = await chatOverTime([['2026-06-02', 'I live in Dublin', 'moving to cork in september!!'], said]);
      expect(current(engine), said[1]).toEqual(['user.plan.move_to=cork@2026-06-02', 'user.residence=dublin@2026-06-02']);
      await engine.close();
    }
  });

  it('a plan called off is ended, by its place or by what it is; a plan said again is no call-off', async () => {
    for (const said of ['cork fell through, staying put', 'the move fell through 😭', "we're not moving to cork after all", 'ok the move is cancelled']) {
      const engine = await chatOverTime([['2026-06-02', 'I live in Dublin', 'moving to cork in september!!'], ['2026-07-01', said]]);
      expect(current(engine), said).toEqual(['user.plan.move_to=ended:cork@2026-07-01', 'user.residence=dublin@2026-06-02']);
      expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content), said).toContain('User no longer plans to move to Cork');
      await engine.close();
    }
    const offer = await chatOverTime([['2026-03-02', "I'm joining Feedzai next month"], ['2026-03-20', 'feedzai pulled the offer. gutted']]);
    expect(current(offer)).toEqual(['user.plan.start_at=ended:feedzai@2026-03-20']);
    await offer.close();
    for (const said of ['my sister says her move fell through', 'did the move fall through?', 'so excited about the move!!']) {
      const engine = await chatOverTime([['2026-06-02', 'moving to cork in september!!'], ['2026-07-01', said]]);
      expect(current(engine), said).toEqual(['user.plan.move_to=cork@2026-06-02']);
      await engine.close();
    }
  });

  it('a firm named by an everyday word counts only written as a name', async () => {
    const lunch = await chatOverTime([
      ['2026-03-02', "I'm joining Apple next month"],
      ['2026-04-20', 'had an apple for lunch'],
    ]);
    expect(current(lunch)).toEqual(['user.plan.start_at=apple@2026-03-02']);
    await lunch.close();
    for (const said of ['Apple crumble for pudding tonight 😋', 'Apple event tonight', 'the Apple interview went badly']) {
      const engine = await chatOverTime([['2026-03-02', "I'm joining Apple next month"], ['2026-04-20', said]]);
      expect(current(engine), said).toEqual(['user.plan.start_at=apple@2026-03-02']);
      await engine.close();
    }
    const lower = await chatOverTime([['2026-03-02', "I'm joining Apple next month"], ['2026-04-20', 'first day at apple today!!']]);
    expect(current(lower)).toEqual(['user.employer=apple@2026-04-02', 'user.plan.start_at=ended:apple@2026-04-02']);
    await lower.close();
    const work = await chatOverTime([
      ['2026-03-02', "I'm joining Apple next month"],
      ['2026-04-20', 'first week at Apple done'],
    ]);
    expect(current(work)).toEqual(['user.employer=apple@2026-04-02', 'user.plan.start_at=ended:apple@2026-04-02']);
    await work.close();
  });

  it('living somewhere else once the plan was due ends it; before, it is left to come', async () => {
    const galway = await chatOverTime([['2026-06-02', 'moving to cork in september!!'], ['2026-10-12', 'we live in galway now']]);
    expect(current(galway)).toEqual(['user.plan.move_to=ended:cork@2026-10-12', 'user.residence=galway@2026-10-12']);
    expect(galway.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toContain('User no longer plans to move to Cork');
    await galway.close();
    const meanwhile = await chatOverTime([['2026-06-02', 'moving to cork in september!!'], ['2026-07-01', 'we live in galway now']]);
    expect(current(meanwhile)).toEqual(['user.plan.move_to=cork@2026-06-02', 'user.residence=galway@2026-07-01']);
    await meanwhile.close();
  });

  it('a move told outright ends the plan too', async () => {
    const engine = await chatOverTime([
      ['2026-06-02', 'I live in Dublin', 'moving to cork in september!!'],
      ['2026-09-05', 'we moved to Cork on Saturday'],
    ]);
    // Both dated by the Saturday the message names.
    expect(current(engine)).toEqual(['user.plan.move_to=ended:cork@2026-08-29', 'user.residence=cork@2026-08-29']);
    await engine.close();
  });

  it('read again (re-extract), the session that carried a plan out finds the same facts', async () => {
    const engine = await chatOverTime([
      ['2026-06-02', 'I live in Dublin', 'moving to cork in september!!'],
      ['2026-10-12', 'cork girlie now 😎'],
    ]);
    const { preview } = await prepareReextract(engine, new OfflineExtractor(), 's1');
    expect(preview.unchanged.map((f) => f.content).sort()).toEqual(['User lives in Cork', 'User moved to Cork as planned']);
    expect([...preview.dropped, ...preview.added, ...preview.changed]).toEqual([]);
    await engine.close();
  });
});
