/**
 * A name the others address a speaker saved as "Mama" by (addressed-names.ts): "Does Halina go to church?" lifts
 * Mama's turns as "Does Mama go to church?" would, once the chat shows "Halina!!" and "Guten Morgen Halina!" in reply
 * to her. A name she says herself, or one said to a speaker saved under a name, is no one's alias.
 */
import { describe, expect, it } from 'vitest';
import { savedAsKin } from '../../../src-main/memory/retrieval/addressed-names';
import { recallDatasetSchema } from '../../../src-main/data/import/transcript-file';
import { CHAT_FILLER, rankedTurns, type SaidTurn } from '../../helpers/transcript-search';

const START = Date.parse('2024-03-01T09:00:00Z');
const at = (minutes: number): string => new Date(START + minutes * 60_000).toISOString();

/** A family group chat: months of small talk among `speakers`, then `answers` (minutes after the start). */
function familyChat(speakers: readonly string[], answers: readonly (Omit<SaidTurn, 'time'> & { minute: number })[]) {
  return recallDatasetSchema.parse({
    conversations: [
      {
        id: 'family',
        sessions: [
          {
            id: 'group',
            turns: [
              ...Array.from({ length: 120 }, (_, i) => ({ id: `x${i}`, speaker: speakers[i % speakers.length], role: 'user', text: CHAT_FILLER[i % CHAT_FILLER.length], time: at(i * 60) })),
              ...answers.map((a) => ({ id: a.id, speaker: a.speaker, role: 'user', text: a.text, time: at(a.minute) })),
            ],
          },
        ],
      },
    ],
  }).conversations[0];
}

const LATER = 200 * 60;
/** Jonas calls Mama "Halina" in reply to her, twice; then the church turns, hers and Ania's (the same words). */
const replies = (name: string, mamaSaysIt: boolean) => [
  { id: 'm1', speaker: 'Mama', text: 'The physio says I can walk without crutches soon', minute: LATER },
  { id: 'j1', speaker: 'Jonas ❤️', text: `${name}!! 👏 look at you`, minute: LATER + 2 },
  { id: 'm2', speaker: 'Mama', text: mamaSaysIt ? `I made pierogi for ${name} and everyone` : 'I made pierogi for everyone', minute: LATER + 300 },
  { id: 'j2', speaker: 'Jonas ❤️', text: `Guten Morgen ${name}! save me some`, minute: LATER + 303 },
  { id: 'm3', speaker: 'Mama', text: 'I go to church on Sundays again, with my crutch', minute: LATER + 600 },
  { id: 'a1', speaker: 'Ania', text: 'we go to church on Sundays again', minute: LATER + 900 },
];

describe('names a speaker saved as kin is addressed by (addressed-names.ts)', () => {
  const now = START + 30 * 86_400_000;

  it('tells a contact saved under a kin word ("Mama", "Dad ❤️", "Oma") from one saved under a name', () => {
    expect(savedAsKin('Mama')).toBe(true);
    expect(savedAsKin('Dad ❤️')).toBe(true);
    expect(savedAsKin('oma')).toBe(true);
    expect(savedAsKin('Marco Ruiz')).toBe(false);
    expect(savedAsKin('You')).toBe(false);
  });

  it("lifts Mama's turns for a question about Halina, the name the others reply to her with", async () => {
    const chat = familyChat(['Mama', 'Ania', 'Jonas ❤️'], replies('Halina', false));
    const on = await rankedTurns(chat, 'Does Halina go to church?', { limit: 10, now });
    const off = await rankedTurns(chat, 'Does Halina go to church?', { limit: 10, now, retrieval: { namedSpeakerLift: 0 } });
    // Her turns rise above Ania's answer, as they would for "Does Mama go to church?"; without the lift they do not.
    expect(on.slice(0, 3)).toEqual(['m3', 'm1', 'm2']);
    expect(on.indexOf('m1')).toBeLessThan(on.indexOf('a1'));
    expect(off.indexOf('a1')).toBeLessThan(off.indexOf('m1'));
    const asMama = await rankedTurns(chat, 'Does Mama go to church?', { limit: 10, now });
    expect(asMama.indexOf('m1')).toBeLessThan(asMama.indexOf('a1'));
  });

  it('learns no alias from a name Mama says herself: it is someone else she and the others talk to', async () => {
    const chat = familyChat(['Mama', 'Ania', 'Jonas ❤️'], replies('Zuzia', true));
    // No one is lifted: the ranking is the one without the speaker lift.
    const ranked = await rankedTurns(chat, 'Does Zuzia go to church?', { limit: 10, now });
    expect(ranked).toContain('a1');
    expect(ranked).toEqual(await rankedTurns(chat, 'Does Zuzia go to church?', { limit: 10, now, retrieval: { namedSpeakerLift: 0 } }));
  });

  it('learns no alias for a speaker saved under a name: "Fieldnote!!" after Marco spoke is not Marco', async () => {
    // (Mama is in this chat too, so the name is looked up: only the turns it addresses decide.)
    const chat = familyChat(['Marco', 'Mama', 'Jonas ❤️'], replies('Fieldnote', false).map((t) => (t.speaker === 'Mama' ? { ...t, speaker: 'Marco' } : t)));
    const ranked = await rankedTurns(chat, 'Does Fieldnote go to church?', { limit: 10, now });
    expect(ranked).toContain('a1');
    expect(ranked).toEqual(await rankedTurns(chat, 'Does Fieldnote go to church?', { limit: 10, now, retrieval: { namedSpeakerLift: 0 } }));
  });
});
