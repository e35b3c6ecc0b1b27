/**
 * A question naming a transcript's speaker lifts the turns they said (named-speaker.ts): "How did Marco's knee heal?"
 * ranks Marco's "the knee can do gentle hills now" over Ines's "my knee has been fine since the physio".
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { namedSpeakerLift } from '../../../src-main/memory/retrieval/named-speaker';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { fillerChat, rankedTurns } from '../../helpers/transcript-search';

const turn = (speaker: unknown, type: MemoryNode['type'] = 'episodic'): MemoryNode => ({ type, attributes: { speaker } }) as unknown as MemoryNode;

describe('a question naming a speaker (named-speaker.ts)', () => {
  it("lifts the turns of the speaker it names, by the name they are called (the first word, any case), and no one else's", () => {
    const lift = namedSpeakerLift("How did Marco's knee heal?", 0.3);
    expect(lift?.(turn('Marco'))).toBeCloseTo(1.3);
    expect(lift?.(turn('Marco Ruiz'))).toBeCloseTo(1.3);
    expect(lift?.(turn('Ines'))).toBe(1);
    expect(lift?.(turn(undefined))).toBe(1);
    // A fact is no one's turn, whatever its attributes say.
    expect(lift?.(turn('Marco', 'semantic'))).toBe(1);
    expect(namedSpeakerLift('did jonas come?', 0.3)?.(turn('Jonas ❤️'))).toBeCloseTo(1.3);
  });

  it('never reads a role or a pronoun as a name, and is off at 0', () => {
    // A chat export names the person exporting it "You"; a question says "you" for anyone.
    expect(namedSpeakerLift('what did you say about the flat?', 0.3)?.(turn('You'))).toBe(1);
    expect(namedSpeakerLift('what did the user want', 0.3)?.(turn('User'))).toBe(1);
    expect(namedSpeakerLift('How did Marco get on?', 0)).toBeNull();
    // A month is no one's name here; a question that capitalises names names only those it capitalises.
    expect(namedSpeakerLift('what did we decide in may?', 0.3)?.(turn('May'))).toBe(1);
    expect(namedSpeakerLift('Did Bill pay the rose bill?', 0.3)?.(turn('Rose'))).toBe(1);
    expect(namedSpeakerLift('Did Bill pay the rose bill?', 0.3)?.(turn('Bill'))).toBeCloseTo(1.3);
    expect(namedSpeakerLift('what did rose say about the flat', 0.3)?.(turn('Rose'))).toBeCloseTo(1.3);
    expect(namedSpeakerLift('Marco said what?', 0.3)?.(turn('Marco'))).toBeCloseTo(1.3);
  });

  it("ranks the named speaker's own turn first in a search; without the lift, the other's", async () => {
    const filler = ['the train was late again', 'coffee tomorrow?', 'lol same', 'rain all week', 'send me the link'];
    const chat = fillerChat(filler, ['Ines', 'Marco'], [
      { id: 'hers', speaker: 'Ines', text: 'my knee has been fine since the physio, honestly', time: '2024-04-01T10:00:00Z' },
      { id: 'his', speaker: 'Marco', text: 'the knee can do gentle hills now', time: '2024-04-02T10:00:00Z' },
    ]);
    const now = Date.parse('2024-06-01T00:00:00Z');
    const on = await rankedTurns(chat, "How is Marco's knee after the physio?", { limit: 5, now });
    const off = await rankedTurns(chat, "How is Marco's knee after the physio?", { limit: 5, now, retrieval: { namedSpeakerLift: 0 } });
    expect(on[0]).toBe('his');
    expect(off.indexOf('hers')).toBeLessThan(off.indexOf('his'));
    expect(DEFAULT_RETRIEVAL_CONFIG.namedSpeakerLift).toBeGreaterThan(0);
  });
});
