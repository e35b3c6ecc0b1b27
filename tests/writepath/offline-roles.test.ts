/**
 * Issue 24, session 39: how a change of job is said, beyond "I work at" — a role named by a noun the suffix list did not
 * know ("team lead", "intern", "architect"), a role become or promoted to, a job had ("I have a new job at"), and
 * retirement. Each lands in the slot it changes, so the fact it replaces is superseded; figures of speech ("a team
 * player") and others' news stay out.
 */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { slotted } from '../helpers/slotted';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('offline: a role, however it is named, is the occupation', () => {
  it('"team lead", "intern", "architect" are jobs; "team player" and "people person" are not', async () => {
    expect(await slotted("I'm a team lead at Kestrel")).toEqual([
      { content: 'User is a team lead at Kestrel', slot: 'user.occupation', value: 'team lead', day: null },
      { content: 'User works at Kestrel', slot: 'user.employer', value: 'kestrel', day: null },
    ]);
    expect((await slotted("I'm now a team lead"))[0]).toMatchObject({ slot: 'user.occupation', value: 'team lead' });
    expect((await slotted("I'm an intern at Kestrel"))[0]).toMatchObject({ slot: 'user.occupation', value: 'intern' });
    expect((await slotted("I'm a solutions architect"))[0]).toMatchObject({ slot: 'user.occupation', value: 'solutions architect' });
    expect(await slotted("I'm a team player")).toEqual([]);
    expect(await slotted("I'm a people person")).toEqual([]);
    // A new job told without a verb: the role read as a noun ("lead" is tagged as the verb).
    expect(await slotted('new job!! team lead at Kestrel')).toEqual([{ content: 'User works at Kestrel', slot: 'user.employer', value: 'kestrel', day: null }]);
  });

  it('a role become, or promoted to, is held now; a promotion without one is news', async () => {
    expect(await slotted('I became a team lead in March')).toEqual([
      { content: 'User became a team lead in March', slot: 'user.occupation', value: 'team lead', day: '2026-03-01' },
    ]);
    expect((await slotted('I became a nurse'))[0]).toMatchObject({ slot: 'user.occupation', value: 'nurse' });
    expect(await slotted('I became an idiot')).toEqual([]);
    expect(await slotted('I got promoted to team lead')).toEqual([
      { content: 'User got promoted to team lead', slot: 'user.occupation', value: 'team lead', day: null },
    ]);
    expect(await slotted('I got promoted to manager last week')).toEqual([
      { content: 'User got promoted to manager', slot: 'user.occupation', value: 'manager', day: '2026-11-18' },
    ]);
    expect((await slotted('I got promoted to senior engineer at Monzo'))[0]).toMatchObject({ slot: 'user.occupation', value: 'senior engineer' });
    expect(await slotted('I got promoted to the first team')).toEqual([{ content: 'User got promoted to the first team', slot: null, value: null, day: null }]);
    expect(await slotted('got promoted!!')).toEqual([{ content: 'User got promoted', slot: null, value: null, day: null }]);
  });

  it('a job had at a firm is where one works; an interview, a friend there, or a job starting later are not', async () => {
    expect(await slotted('I have a new job at Kestrel')).toEqual([{ content: 'User works at Kestrel', slot: 'user.employer', value: 'kestrel', day: null }]);
    expect((await slotted('I have a part time job at Lidl'))[0]).toMatchObject({ slot: 'user.employer', value: 'lidl' });
    expect((await slotted('I have a job interview at Google'))[0]).toMatchObject({ slot: null });
    expect((await slotted('I have a friend at Kestrel'))[0]).toMatchObject({ slot: null });
    expect((await slotted('I have a new job at Kestrel, starting next week'))[0]).toMatchObject({ slot: null });
    expect((await slotted('my sister has a new job at Kestrel'))[0]).toMatchObject({ slot: null });
  });

  it('retiring ends the job held; retiring a thing, or someone else retiring, does not', async () => {
    expect(await slotted("I'm retired now")).toEqual([{ content: 'User is retired', slot: 'user.employer', value: 'ended:', day: '2026-11-25' }]);
    expect(await slotted('I retired in June')).toEqual([{ content: 'User retired in June', slot: 'user.employer', value: 'ended:', day: '2026-06-01' }]);
    expect(await slotted('I retired from the NHS last year')).toEqual([
      { content: 'User retired from the NHS', slot: 'user.employer', value: 'ended:nhs', day: '2025-11-25' },
    ]);
    expect((await slotted('I retired my old laptop'))[0]).toMatchObject({ slot: null });
    expect((await slotted('my dad retired last year'))[0]).toMatchObject({ slot: null });
  });
});

describe('offline: working for oneself, and moving to software', () => {
  it('freelance or self-employed is the employer slot\'s "self-employed"; someone else\'s, or a plan, is not', async () => {
    expect(await slotted("I'm freelance now")).toEqual([{ content: 'User is freelance', slot: 'user.employer', value: 'self-employed', day: '2026-11-25' }]);
    expect(await slotted('I am freelance')).toEqual([{ content: 'User is freelance', slot: 'user.employer', value: 'self-employed', day: null }]);
    expect((await slotted("I'm self-employed"))[0]).toMatchObject({ slot: 'user.employer', value: 'self-employed' });
    expect(await slotted('I went freelance in May')).toEqual([{ content: 'User went freelance in May', slot: 'user.employer', value: 'self-employed', day: '2026-05-01' }]);
    expect((await slotted('my sister is freelance'))[0]).toMatchObject({ slot: null });
    expect(await slotted("I'm going freelance next year")).toEqual([]);
    expect(await slotted("I'm not freelance")).toEqual([]);
  });

  it('moving to an operating system, a browser or an app is no move of home; moving over to a city is', async () => {
    expect(await slotted('I moved to Linux')).toEqual([]);
    expect(await slotted("I've moved over to Linux")).toEqual([]);
    expect(await slotted('moved to android last year')).toEqual([]);
    expect(await slotted('I moved to Firefox and never looked back')).toEqual([]);
    expect(await slotted('we moved over to Dublin in May')).toEqual([{ content: 'User lives in Dublin', slot: 'user.residence', value: 'dublin', day: '2026-05-01' }]);
  });
});

describe('offline: a life told the chat\'s way (phrasings from a blind fixture, session 39)', () => {
  it('a line that is only a role at a firm is the speaker\'s occupation and employer; "@" is "at"', async () => {
    expect(await slotted('junior dev at zalando')).toEqual([
      { content: 'User is a junior dev at Zalando', slot: 'user.occupation', value: 'junior dev', day: null },
      { content: 'User works at Zalando', slot: 'user.employer', value: 'zalando', day: null },
    ]);
    expect(await slotted('ui designer @ rakuten, tokyo')).toEqual([
      { content: 'User is a ui designer at Rakuten', slot: 'user.occupation', value: 'ui designer', day: null },
      { content: 'User works at Rakuten', slot: 'user.employer', value: 'rakuten', day: null },
      // Session 41: the city after the firm in such a line is where the speaker is based (not "oxford street").
      { content: 'User is based in Tokyo', slot: 'user.residence', value: 'tokyo', day: null },
    ]);
    expect((await slotted('barista at costa, oxford street')).map((f) => f.slot)).toEqual(['user.occupation', 'user.employer']);
    expect(await slotted('nurse at st james was so rude today')).toEqual([]);
    expect(await slotted('barista at costa?')).toEqual([]);
    expect(await slotted('team player at heart')).toEqual([]);
    expect(await slotted('email me at sam@kestrel.io')).toEqual([]);
  });

  it('a firm typed in lower case after a notice or a role; "work at" without "I"; a partner without "my"', async () => {
    expect(await slotted('handed in my notice at zalando yday')).toEqual([
      { content: 'User handed in their notice at Zalando', slot: 'user.employer', value: 'ended:zalando', day: '2026-11-24' },
    ]);
    expect((await slotted('im a junior dev at zalando'))[1]).toMatchObject({ slot: 'user.employer', value: 'zalando' });
    expect(await slotted('work at deloitte, london (peckham gang)')).toEqual([{ content: 'User works at Deloitte', slot: 'user.employer', value: 'deloitte', day: null }]);
    expect(await slotted('work at home today')).toEqual([]);
    expect((await slotted('boyfriend is miguel, we\'ve been together 6 years'))[0]).toMatchObject({ slot: 'user.partner', value: 'miguel' });
    expect((await slotted('boyfriend sean thinks this is weird lol'))[0]).toMatchObject({ slot: 'user.partner', value: 'sean' });
    expect((await slotted('my boyfriend is miguel'))[0]).toMatchObject({ slot: 'user.partner', value: 'miguel' });
    expect(await slotted('boyfriend material lol')).toEqual([]);
  });

  it('a firm named by an everyday word and its trade is the employer; an everyday word alone is not taken for one (session 41)', async () => {
    // A second word that names only a firm's trade makes the pair a name.
    expect((await slotted('senior data analyst at cox automotive'))[1]).toMatchObject({ slot: 'user.employer', value: 'cox automotive' });
    expect((await slotted('data analyst at delta airlines'))[1]).toMatchObject({ slot: 'user.employer', value: 'delta airlines' });
    // A single everyday word after "at" is as often a kind of place as a firm ("library", "pool", "football").
    for (const text of ['i work at library', 'i work at food bank', 'i work at car insurance', 'im a coach at football', 'lifeguard at pool', 'i work at home', 'nurse at hospital', 'dev at big tech lol', 'my mum works at library']) {
      expect((await slotted(text)).filter((f) => f.slot === 'user.employer' && f.content.startsWith('User')), text).toEqual([]);
    }
    // The city after the firm in a role-at-firm line is where the speaker is based; not in brackets, not an area.
    expect((await slotted('data analyst at zentrix, atlanta'))[2]).toMatchObject({ content: 'User is based in Atlanta', slot: 'user.residence', value: 'atlanta' });
    expect((await slotted('consultant at deloitte, paris (but i live in lille)')).filter((f) => f.value === 'paris')).toEqual([]);
    // "tho" is "though", not part of the firm's phrase.
    expect((await slotted('handed in my notice at zalando yday tho'))[0]).toMatchObject({ slot: 'user.employer', value: 'ended:zalando' });
  });

  it('self-employed however it is typed, and for how long; a freelance role is no employer\'s (session 41)', async () => {
    expect((await slotted("i'm self employed"))[0]).toMatchObject({ slot: 'user.employer', value: 'self-employed' });
    expect((await slotted('3 months self employed and still alive'))[0]).toMatchObject({ slot: 'user.employer', value: 'self-employed' });
    expect((await slotted('been self employed for 3 months'))[0]).toMatchObject({ content: 'User has been self-employed for 3 months', slot: 'user.employer' });
    expect(await slotted("I'm a freelance frontend developer")).toEqual([
      { content: 'User is a freelance frontend developer', slot: 'user.occupation', value: 'freelance frontend developer', day: null },
      { content: 'User is self-employed', slot: 'user.employer', value: 'self-employed', day: null },
    ]);
    expect((await slotted('I was a freelance designer')).filter((f) => f.slot === 'user.employer')).toEqual([]);
    // A freelance role on the side, or beside a job somewhere, is no self-employment.
    expect((await slotted("i'm a freelance writer and i work at asda")).filter((f) => f.value === 'self-employed')).toEqual([]);
    expect((await slotted('im a freelance illustrator in my spare time')).filter((f) => f.value === 'self-employed')).toEqual([]);
  });

  it('a nickname after "call me" may be any noun; "it\'s over with NAME" ends the partner; eating everything ends a diet', async () => {
    expect(await slotted('pls call me coco from now on, clo is dead')).toEqual([{ content: 'User goes by Coco', slot: 'user.nickname', value: 'coco', day: null }]);
    expect(await slotted('call me crazy but i love it')).toEqual([]);
    expect(await slotted('call me back later')).toEqual([]);
    expect(await slotted('its over w sean. properly this time')).toEqual([{ content: 'User is no longer with Sean', slot: 'user.partner', value: 'ended:sean', day: null }]);
    expect((await slotted("it's over between me and sean"))[0]).toMatchObject({ slot: 'user.partner', value: 'ended:sean' });
    expect(await slotted("it's over with Tesco, I quit")).not.toContainEqual(expect.objectContaining({ slot: 'user.partner' }));
    expect(await slotted('the game is over with 2 mins left')).toEqual([]);
    expect(await slotted('i eat everything now')).toEqual([{ content: 'User eats everything', slot: 'user.diet', value: 'ended:', day: null }]);
    expect(await slotted("I don't eat everything")).toEqual([]);
  });

  it('a new home of one\'s own, "officially glasgow residents", "based in edinburgh"', async () => {
    expect(await slotted('Writing from our new kitchen in Whitby!')).toEqual([{ content: 'User lives in Whitby', slot: 'user.residence', value: 'whitby', day: null }]);
    expect((await slotted('my new flat in leith is tiny'))[0]).toMatchObject({ slot: 'user.residence', value: 'leith' });
    expect(await slotted("my sister's new flat in Leith")).toEqual([]);
    expect(await slotted('our new office in Leeds')).toEqual([]);
    expect(await slotted('officially glasgow residents as of last saturday')).toEqual([{ content: 'User lives in Glasgow', slot: 'user.residence', value: 'glasgow', day: '2026-11-21' }]);
    expect((await slotted("I'm officially a Leeds resident"))[0]).toMatchObject({ slot: 'user.residence', value: 'leeds' });
    expect(await slotted('Glasgow residents are angry about the bins')).toEqual([]);
    expect((await slotted('based in edinburgh with my partner aileen')).map((f) => [f.slot, f.value])).toEqual([
      ['user.residence', 'edinburgh'],
      ['user.partner', 'aileen'],
    ]);
  });

  it('a name said before the nickname is the name', async () => {
    expect(await slotted('jamal, but everybody calls me jay')).toEqual([
      { content: "User's name is Jamal", slot: 'user.name', value: 'jamal', day: null },
      { content: 'User goes by Jay', slot: 'user.nickname', value: 'jay', day: null },
    ]);
    expect((await slotted('Rebecca but everyone calls me Bex')).map((f) => [f.slot, f.value])).toEqual([
      ['user.name', 'rebecca'],
      ['user.nickname', 'bex'],
    ]);
    expect(await slotted('work, but people call me lazy')).toEqual([]);
    // Who calls the speaker so is not the speaker.
    expect(await slotted('Tom calls me Pri, you can too')).toEqual([{ content: 'User goes by Pri', slot: 'user.nickname', value: 'pri', day: null }]);
    expect(await slotted('Seriously, call me Bex')).toEqual([{ content: 'User goes by Bex', slot: 'user.nickname', value: 'bex', day: null }]);
  });

  it('self-employed for a while, said with or without "I"', async () => {
    expect(await slotted('self-employed for a month now')).toEqual([
      { content: 'User has been self-employed for a month', slot: 'user.employer', value: 'self-employed', day: '2026-10-25' },
    ]);
    expect((await slotted("I've been self-employed since March"))[0]).toMatchObject({ slot: 'user.employer', value: 'self-employed', day: '2026-03-01' });
    expect((await slotted('freelance since june lol'))[0]).toMatchObject({ slot: 'user.employer', value: 'self-employed' });
    expect(await slotted('freelance for a client this week')).toEqual([]);
  });
});

describe('offline: the new role or the retirement supersedes the fact it replaces', () => {
  it('a promotion replaces the occupation; retiring ends the employer; the rest is untouched', async () => {
    const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
    const { engine } = openTestEngine({ clock });
    const chats: [string, string[]][] = [
      ['2026-03-02T09:00:00Z', ["I'm a junior developer at Fenwick Labs", 'I live in Leeds']],
      ['2026-06-10T09:00:00Z', ['big news, I got promoted to team lead!']],
      ['2026-11-20T09:00:00Z', ["I'm retired now, finally"]],
    ];
    for (const [i, [at, messages]] of chats.entries()) {
      clock.t = Date.parse(at);
      for (const content of messages) engine.recordEpisode({ sessionId: `roles-${i}`, role: 'user', content });
      await engine.flush();
      const outcome = await consolidateSession(engine, new OfflineExtractor(), `roles-${i}`);
      expect(outcome.status, outcome.error ?? '').toBe('consolidated');
    }
    const all = engine.listNodes({ types: ['semantic'], includeInvalid: true }).items;
    const current = all.filter((n) => n.validUntil === null).map((n) => n.content);
    const ended = (content: string) => all.find((n) => n.content === content)?.invalidatedReason;
    expect(current).toContain('User got promoted to team lead');
    expect(current).toContain('User lives in Leeds');
    expect(current).not.toContain('User is a junior developer at Fenwick Labs');
    expect(ended('User is a junior developer at Fenwick Labs')).toBe('superseded');
    expect(ended('User works at Fenwick Labs')).toBe('superseded');
    // The promotion was told in June: the new role holds from then, not from when it was read.
    expect(new Date(all.find((n) => n.content === 'User got promoted to team lead')?.validFrom ?? 0).toISOString().slice(0, 10)).toBe('2026-06-10');
    await engine.close();
  });
});
