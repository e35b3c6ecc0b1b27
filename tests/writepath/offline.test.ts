import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor, personName } from '../../src-main/writepath/extract-offline';
import { normaliseForParsing } from '../../src-main/writepath/nlp/parse-words';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { withInstitutionWords } from '../../src-main/writepath/nlp/name-case';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';
import { join } from 'node:path';
import { OfflineWordEmbedder } from '../../src-main/embeddings/offline-words';
import { ManualClock, makeTempDir, openTestEngine } from '../helpers/temp-engine';
import { fixtureEpisodes, loadExtractionFixtures, scoreExtraction } from '../helpers/extraction-eval';

const SAID_AT = Date.parse('2026-11-23T09:00:00Z');
const USER: Speaker = { name: 'User', isUser: true };

async function facts(text: string, speaker: Speaker = USER): Promise<{ content: string; slot: string | null; value: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, speaker, SAID_AT).map((f) => ({ content: f.content, slot: f.slot, value: f.value }));
}
const contents = async (text: string, speaker: Speaker = USER): Promise<string[]> => (await facts(text, speaker)).map((f) => f.content);

describe('offline statements (wink-nlp)', () => {
  it('reads first-person statements into complete, slotted clauses', async () => {
    expect(await facts('Hi, my name is Maria Santos.')).toEqual([{ content: "User's name is Maria Santos", slot: 'user.name', value: 'maria santos' }]);
    expect(await facts('I live in Berlin and I work at Acme Corp.')).toEqual([
      { content: 'User lives in Berlin', slot: 'user.residence', value: 'berlin' },
      { content: 'User works at Acme Corp', slot: 'user.employer', value: 'acme corp' },
    ]);
    expect(await facts("I've just moved to Lisbon last month!")).toEqual([{ content: 'User lives in Lisbon', slot: 'user.residence', value: 'lisbon' }]);
    expect(await facts('I prefer tea over coffee')).toEqual([{ content: 'User prefers tea over coffee', slot: 'user.opinion.tea', value: 'like' }]);
    expect(await facts("I don't like tea anymore.")).toEqual([{ content: 'User does not like tea', slot: 'user.opinion.tea', value: 'dislike' }]);
    expect(await facts('I switched from VS Code to Zed last week, it feels much faster.')).toEqual([
      { content: 'User switched from VS Code to Zed', slot: 'user.uses.zed', value: 'yes' },
      { content: 'User no longer uses VS Code', slot: 'user.uses.vs_code', value: 'no' },
    ]);
    expect(await facts('I work as a nurse')).toEqual([{ content: 'User works as a nurse', slot: 'user.occupation', value: 'nurse' }]);
  });

  it('ignores questions, hypotheticals, plans, pronoun objects and small talk', async () => {
    for (const text of [
      'Do you live in Berlin?',
      'I like to think about it.',
      'The weather is nice.',
      'I love him.',
      "I'm working on Christmas Day, then flying to Chennai.",
      "If I ever move to Canada, I'd want to live in Vancouver.",
      "I'm thinking about learning the guitar.",
      "I'm going to join a gym.",
      'I feel like we have been trying to schedule this since Christmas.',
      "I'm a fool for believing that.",
      'I start on the 3rd of July.',
    ]) {
      expect(await contents(text), text).toEqual([]);
    }
    // A move planned is kept as the plan, not as where the user lives (planned-changes.ts).
    expect(await contents('I move to Porto next month.')).toEqual(['User plans to move to Porto in December 2026']);
    expect(await contents('But I love Diego more.')).toEqual(['User loves Diego']);
    expect(await contents('Last year I joined Initech')).toEqual(['User joined Initech']);
  });

  it("a transcript speaker's first-person statement is about that speaker, never about the user", async () => {
    const dave: Speaker = { name: 'Dave', isUser: false };
    expect(await contents('I love running my own studio.', dave)).toEqual(['Dave loves running their own studio']);
    const out = readStatements(await winkAnalyzer(), 'I moved to Kraków last month.', dave, SAID_AT);
    expect(out[0]).toMatchObject({ content: 'Dave lives in Kraków', slot: 'dave.residence' });
    expect(out[0]?.entities.map((e) => `${e.name}/${e.type}`)).toEqual(['Dave/person', 'Kraków/place']);
  });

  it('names the verb does not type are typed when the library knows them: people, places, organisations', async () => {
    const analyzer = await winkAnalyzer();
    expect(analyzer.namedEntities?.('Had lunch with Diego and Isabel at Google in Lisbon!!')).toEqual(
      new Map([
        ['diego', 'person'],
        ['isabel', 'person'],
        ['lisbon', 'place'],
        ['google', 'organization'],
      ]),
    );
    // "love" says nothing of what its object is: without the library, Diego would be no entity at all.
    expect(readStatements(analyzer, 'I love Diego.', USER, SAID_AT)[0]?.entities).toEqual([{ name: 'Diego', type: 'person', aliases: [] }]);
    expect(readStatements(analyzer, 'I play tennis with Marco at Stripe.', USER, SAID_AT)[0]?.entities).toEqual([{ name: 'Marco', type: 'person', aliases: [] }]);
  });

  it('a word of address or a listener\'s name ends the object only where it is said to someone', async () => {
    const bartek: Speaker = { name: 'Bartek', isUser: false, listeners: ['Mama', 'Jonas', 'Art'] };
    const read = async (text: string) => readStatements(await winkAnalyzer(), text, bartek, SAID_AT).map((f) => f.content);
    expect(await read("i'm driving 90 mama")).toEqual(['Bartek is driving 90']);
    expect(await read("i eat breakfast jonas don't worry")).toEqual(['Bartek eats breakfast']);
    expect(await read('I love pizza jonas')).toEqual(['Bartek loves pizza']);
    // The head of a noun phrase, a noun a word qualifies, or after a preposition: part of what was said.
    expect(await read('I visited my old mum')).toEqual(['Bartek visited their old mum']);
    expect(await read('I have a new dad')).toEqual(['Bartek has a new dad']);
    expect(await read('I love modern art')).toEqual(['Bartek loves modern art']);
    expect(await read('I bought flowers for mama')).toEqual(['Bartek bought flowers for mama']);
  });

  it('reads shouting as words, apostrophes and all, and leaves acronyms and a long shout without spaces alone', () => {
    expect(normaliseForParsing("I DON'T CARE ANYMORE")).toBe('I do not care anymore');
    expect(normaliseForParsing('OMG I GOT THE JOB!!!')).toBe('omg I got the job!!!');
    expect(normaliseForParsing('I HAVE A DOG')).toBe('I have a dog');
    expect(normaliseForParsing('I work at NASA now')).toBe('I work at NASA now');
    expect(normaliseForParsing('I work at IBM NYC now')).toBe('I work at IBM NYC now');
    const long = `${'A'.repeat(10_000)}!`;
    expect(normaliseForParsing(long)).toBe(long);
    expect(personName(`Jo${'!'.repeat(100_000)}`)).toBe('Jo');
    expect(personName('⭐ Mia ⭐')).toBe('Mia');
    expect(personName('Mom 👩‍👧')).toBe('Mom');
    expect(personName('(Mom)')).toBe('Mom');
    // Combining marks are part of a name; a joiner inside one stays.
    expect(personName('सीता')).toBe('सीता');
    expect(personName('മനോജ്')).toBe('മനോജ്');
    expect(personName('Jose\u0301')).toBe('José');
  });

  it('reads a lower-case institution name whole when the library knows the name ("hillview academy")', async () => {
    expect(await contents('i got a permanent job at hillview academy')).toEqual(['User works at Hillview Academy']);
    expect(await contents('my new job is at st james hospital')).toEqual(['User works at St James Hospital']);
    expect(withInstitutionWords('a job at hillview academy', ['hillview'])).toEqual(['hillview academy', 'hillview']);
    // Only a name the library knows is extended: a kind of place is not an organisation.
    expect(withInstitutionWords('i graduated from law school', [])).toEqual([]);
    expect(withInstitutionWords('i volunteer at the food bank', [])).toEqual([]);
    const [law] = readStatements(await winkAnalyzer(), 'I graduated from law school', USER, SAID_AT);
    expect(law?.entities ?? []).not.toContainEqual(expect.objectContaining({ type: 'organization' }));
  });

  it('keeps names with letters beyond Latin-1 whole (the tagger cuts words at "ń", "ł", "Ż")', async () => {
    expect(await contents('I just moved to Poznań.')).toEqual(['User lives in Poznań']);
    expect(await contents('I live in Gdańsk now')).toEqual(['User lives in Gdańsk']);
    expect(await contents('I moved to Wrocław in 2022.')).toEqual(['User lives in Wrocław']);
    expect(await contents('I work at Żabka now')).toEqual(['User works at Żabka']);
    const [lodz] = readStatements(await winkAnalyzer(), 'I moved to Łódź last year.', USER, SAID_AT);
    expect(lodz?.entities).toEqual([{ name: 'Łódź', type: 'place', aliases: [] }]);
  });

  it('a named relative becomes a person with the relation as an alias, and the fact is about them', async () => {
    const out = readStatements(await winkAnalyzer(), 'My brother Tomás is a paramedic in Porto.', USER, SAID_AT);
    expect(out.map((s) => s.content)).toEqual(["Tomás is the user's brother", 'Tomás is a paramedic in Porto']);
    expect(out[1]?.entities).toEqual([
      { name: 'Tomás', type: 'person', aliases: ['my brother'] },
      { name: 'Porto', type: 'place', aliases: [] },
    ]);
    const dave = readStatements(await winkAnalyzer(), 'My sister Ana lives in Warsaw.', { name: 'Dave', isUser: false }, SAID_AT);
    expect(dave.map((s) => s.content)).toEqual(["Ana is Dave's sister", 'Ana lives in Warsaw']);
    expect(dave[0]?.entities[0]).toEqual({ name: 'Ana', type: 'person', aliases: ["Dave's sister"] });
  });

  it('resolves relative time against when it was said, and keeps it out of the text', async () => {
    const [moved] = readStatements(await winkAnalyzer(), 'I moved to Kraków last month.', USER, Date.parse('2023-05-08T10:00:00Z'));
    expect(moved?.content).toBe('User lives in Kraków');
    expect(new Date(moved?.eventTime ?? 0).toISOString().slice(0, 7)).toBe('2023-04');
    const [ago] = readStatements(await winkAnalyzer(), 'I adopted a greyhound two weeks ago.', USER, Date.parse('2023-05-08T10:00:00Z'));
    expect(ago?.content).toBe('User adopted a greyhound');
    expect(new Date(ago?.eventTime ?? 0).toISOString().slice(0, 10)).toBe('2023-04-24');
    const [born] = readStatements(await winkAnalyzer(), 'I was born in Lagos in 1990.', USER, SAID_AT);
    expect(born?.content).toBe('User was born in Lagos in 1990');
    expect(new Date(born?.eventTime ?? 0).toISOString().slice(0, 4)).toBe('1990');
    // A time of day or a habit is not when something became true; a date without a year is the last one.
    expect(readStatements(await winkAnalyzer(), 'I prefer working late at night.', USER, SAID_AT)[0]?.eventTime).toBeNull();
    expect(readStatements(await winkAnalyzer(), 'I play tennis every Sunday with my dad.', USER, SAID_AT)[0]?.eventTime).toBeNull();
    const [may] = readStatements(await winkAnalyzer(), 'I adopted a cat on the 3rd of May.', USER, SAID_AT);
    expect(new Date(may?.eventTime ?? 0).toISOString().slice(0, 10)).toBe('2026-05-03');
    const [vegan] = readStatements(await winkAnalyzer(), "I've been vegan since 2018.", USER, SAID_AT);
    expect(vegan?.content).toBe('User has been vegan since 2018');
    const [year] = readStatements(await winkAnalyzer(), 'I started learning Portuguese in 2021.', USER, SAID_AT);
    expect(year?.content).toBe('User started learning Portuguese in 2021');
    expect(new Date(year?.eventTime ?? 0).toISOString().slice(0, 4)).toBe('2021');
  });

  it('gives nothing for other languages rather than garbage', async () => {
    expect(await contents('Я живу в Москве и работаю в Яндексе.')).toEqual([]);
    expect(await contents('Ich wohne in Hamburg und arbeite bei Otto.')).toEqual([]);
  });
});

describe('imported transcripts, offline', () => {
  it("a 2023 two-speaker import: facts about each speaker, valid from when they were said; speakers are persons", async () => {
    const { engine } = openTestEngine();
    // Imports wait for review by default (issue 23); this test is about what is learned.
    engine.saveReviewSettings({ import: 'at_once' });
    const { recordTranscript } = await import('../../src-main/data/import/record-transcript');
    const start = Date.parse('2023-03-14T19:00:00Z');
    await recordTranscript(engine, [
      { sessionId: 'imp', role: 'user', content: 'Dave: I love running my own studio.', eventTime: start, attributes: { speaker: 'Dave' } },
      { sessionId: 'imp', role: 'assistant', content: 'Maya: I moved to Stockholm last month.', eventTime: start + 60_000, attributes: { speaker: 'Maya' } },
    ]);
    const out = await consolidateSession(engine, new OfflineExtractor(), 'imp');
    const facts = out.factsCreated.map((id) => engine.getNode(id));
    expect(facts.map((f) => f.node.content).sort()).toEqual(['Dave loves running their own studio', 'Maya lives in Stockholm']);
    const dave = facts.find((f) => f.node.content.startsWith('Dave'));
    expect(dave?.node.validFrom).toBe(start);
    expect(dave?.entities.map((e) => `${e.canonicalName}/${e.type}`)).toEqual(['Dave/person']);
    const maya = facts.find((f) => f.node.content.startsWith('Maya'));
    expect(new Date(maya?.node.validFrom ?? 0).toISOString().slice(0, 7)).toBe('2023-02');
    expect(engine.findEntities('Maya')[0]?.type).toBe('person');
    expect(facts.some((f) => f.node.content.startsWith('User'))).toBe(false);
  });

  it("a messaging chat: display names are people's names, names said to the listener end the fact, shouting reads as words", async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    const { recordTranscript } = await import('../../src-main/data/import/record-transcript');
    const start = Date.parse('2024-02-10T19:00:00Z');
    const said = (speaker: string, text: string, minute: number) => ({
      sessionId: 'fam',
      role: speaker === 'Ania' ? 'user' : 'assistant',
      content: `${speaker}: ${text}`,
      eventTime: start + minute * 60_000,
      attributes: { speaker },
    });
    await recordTranscript(engine, [
      said('Jonas ❤️', 'I have 34 tabs open', 0),
      said('Bartek', "i eat breakfast jonas don't worry", 1),
      said('Bartek', "i'm driving 90 mama", 2),
      said('Mama', 'On Saturday I DROVE TO LIDL ALONE 🚗', 3),
      said('Bartek', 'i ran 5k. first run since april', 4),
      said('Ania', 'I love my brother Bartek', 5),
    ]);
    const out = await consolidateSession(engine, new OfflineExtractor(), 'fam');
    const facts = out.factsCreated.map((id) => engine.getNode(id).node.content).sort();
    expect(facts).toEqual([
      'Ania loves their brother Bartek',
      'Bartek eats breakfast',
      "Bartek is Ania's brother",
      'Bartek is driving 90',
      'Bartek ran 5k',
      'Jonas has 34 tabs open',
      'Mama drove to lidl alone',
    ]);
    expect(engine.findEntities('Jonas')[0]).toMatchObject({ canonicalName: 'Jonas', type: 'person' });
    expect(engine.findEntities('Jonas ❤️').map((e) => e.canonicalName)).not.toContain('Jonas ❤️');
  });

  it('loads the English model only when something is extracted, once per process', async () => {
    let loads = 0;
    const extractor = new OfflineExtractor({ analyzer: () => (loads++, winkAnalyzer()) });
    expect(loads).toBe(0);
    await extractor.extract({ sessionId: 's', episodes: [], knownEntities: [] });
    expect(loads).toBe(1);
    expect(winkAnalyzer()).toBe(winkAnalyzer());
  });
});

describe('offline extraction on the labelled fixtures', () => {
  it('keeps precision ≥ 0.9 and recall ≥ 0.85, with entities typed and relative times resolved', async () => {
    const score = await scoreExtraction(await winkAnalyzer(), loadExtractionFixtures());
    expect(score.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.recall).toBeGreaterThanOrEqual(0.85);
    expect(score.entitiesRight / Math.max(1, score.entitiesReturned)).toBeGreaterThanOrEqual(0.9);
    expect(score.timesRight / score.timesExpected).toBeGreaterThanOrEqual(0.8);
  });

  it('the assistant never produces facts; each transcript speaker is a person entity', async () => {
    const extractor = new OfflineExtractor();
    const conv = loadExtractionFixtures().find((c) => c.id === 'dave-maya');
    if (!conv) throw new Error('fixture dave-maya is missing');
    const episodes = fixtureEpisodes(conv);
    const out = await extractor.extract({ sessionId: 's', episodes, knownEntities: [] });
    expect(out.entities.filter((e) => e.type === 'person').map((e) => e.name)).toEqual(expect.arrayContaining(['Dave', 'Maya', 'Tomás', 'Jonas']));
    expect(out.facts.filter((f) => f.content.startsWith('User'))).toEqual([]);
    const chat = await extractor.extract({
      sessionId: 's',
      episodes: [
        ...episodes.slice(0, 1).map((e) => ({ ...e, content: 'I live in the cloud and I love Python.', sourceRole: 'assistant', attributes: {} })),
      ],
      knownEntities: [],
    });
    expect(chat.facts).toEqual([]);
  });
});

async function say(engine: MemoryEngine, sessionId: string, text: string): Promise<string> {
  const id = engine.recordEpisode({ sessionId, role: 'user', content: text });
  await engine.flush();
  return id;
}

describe('offline consolidation', () => {
  it('Berlin → Lisbon leaves a supersedes chain; facts are heuristic at 0.6', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const b = await say(engine, 's1', 'I live in Berlin.');
    await say(engine, 's1', 'Only the user speaks to itself here.');
    const first = await consolidateSession(engine, new OfflineExtractor(), 's1');
    expect(first.status).toBe('consolidated');
    const berlin = engine.getNode(first.factsCreated[0] as string);
    expect(berlin.node).toMatchObject({ content: 'User lives in Berlin', sourceType: 'heuristic', confidence: 0.6 });
    expect(berlin.derivedFrom.map((n) => n.id)).toEqual([b]);
    expect(berlin.entities.map((e) => `${e.canonicalName}/${e.type}`)).toEqual(['Berlin/place']);

    clock.advanceDays(10);
    const l = await say(engine, 's2', 'I moved to Lisbon in March.');
    const second = await consolidateSession(engine, new OfflineExtractor(), 's2');
    expect(second.superseded).toHaveLength(1);
    const lisbon = engine.getNode(second.factsCreated[0] as string);
    expect(lisbon.node).toMatchObject({ content: 'User lives in Lisbon', sourceType: 'heuristic', confidence: 0.6 });
    expect(lisbon.node.attributes).toMatchObject({ slot: 'user.residence', value: 'lisbon' });
    expect(lisbon.versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon']);
    expect(lisbon.edges.find((e) => e.relationType === 'supersedes')).toMatchObject({ targetId: berlin.node.id, evidence: [l] });
    expect(engine.getNode(berlin.node.id).node.invalidatedReason).toBe('superseded');

    // Saying it again is a duplicate, not a new version.
    await say(engine, 's3', 'I live in Lisbon');
    const third = await consolidateSession(engine, new OfflineExtractor(), 's3');
    expect(third).toMatchObject({ factsCreated: [], duplicates: 1 });
  });

  it('contradictions within one session also supersede, and opinions flip', async () => {
    const { engine } = openTestEngine();
    await say(engine, 's', 'I live in Berlin. I love jazz.');
    await say(engine, 's', "Actually I just moved to Lisbon. And I don't like jazz anymore.");
    const out = await consolidateSession(engine, new OfflineExtractor(), 's');
    expect(out.superseded).toHaveLength(2);
    const current = engine.listNodes({ types: ['semantic', 'opinion'] }).items.map((n) => n.content).sort();
    expect(current).toEqual(['User does not like jazz', 'User lives in Lisbon']);
    const all = engine.listNodes({ types: ['semantic', 'opinion'], includeInvalid: true }).items;
    expect(all).toHaveLength(4);
  });

  it('two moves in one session chain from the stored fact, never forking two current residences', async () => {
    const { engine } = openTestEngine();
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    await say(engine, 'b', 'I moved to Lisbon in spring.');
    await say(engine, 'b', 'Then I moved to Porto.');
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    expect(out.superseded).toHaveLength(2);
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['User lives in Porto']);
    const porto = engine.listNodes({ types: ['semantic'] }).items[0]?.id as string;
    expect(engine.getNode(porto).versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon', 'User lives in Porto']);
  });

  it('consolidates without vectors when the embedder cannot work at all, and says so', async () => {
    const missing = join(makeTempDir(), 'no-vectors.bin');
    const { engine, logger } = openTestEngine({ embedder: new OfflineWordEmbedder({ vectorsPath: missing }) });
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    await say(engine, 'b', 'I moved to Lisbon.');
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    expect(out.status).toBe('consolidated');
    expect(out.superseded).toHaveLength(1);
    expect(logger.warnings.join('\n')).toMatch(/compares facts without vectors/);
  });

  it('a superseding version belongs to the session that stated it, from when it was said', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    clock.advanceDays(10);
    const said = await say(engine, 'b', 'I moved to Lisbon.');
    clock.advanceDays(1); // consolidated a day later
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    const lisbon = engine.getNode(out.superseded[0]?.newId ?? '').node;
    expect(lisbon).toMatchObject({ content: 'User lives in Lisbon', sessionId: 'b', eventTime: engine.getNode(said).node.eventTime });
  });

  it('builds an entity summary from facts when none exists', async () => {
    const { engine } = openTestEngine();
    await say(engine, 's', 'I work at Globex.');
    await consolidateSession(engine, new OfflineExtractor(), 's');
    const [globex] = engine.findEntities('Globex');
    expect(globex?.summary).toBe('Globex (organization): User works at Globex.');
    expect(globex?.attributes.summary_source).toBe('facts');
  });
});
