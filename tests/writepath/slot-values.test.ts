/**
 * How two slotted facts relate without a model (writepath/slot-values.ts): diets against what is eaten, across their
 * two slots, alongside the same-slot rules they sit next to.
 */
import { describe, expect, it } from 'vitest';
import { mayReplaceAcrossSlots, preferenceSubject, slotRelation, type SlottedFact } from '../../src-shared/slot-values';

const fact = (slot: string, value: string, content = `${slot} = ${value}`): SlottedFact => ({ slot, value, content });

describe('diets and what is eaten', () => {
  it('a diet replaces another, and an ended diet ends only the one it names', () => {
    expect(slotRelation(fact('user.diet', 'vegan'), fact('user.diet', 'vegetarian'))).toBe('replaces');
    expect(slotRelation(fact('user.diet', 'vegetarian'), fact('user.diet', 'vegetarian'))).toBe('duplicate');
    expect(slotRelation(fact('user.diet', 'ended:vegetarian'), fact('user.diet', 'vegetarian'))).toBe('replaces');
    expect(slotRelation(fact('user.diet', 'ended:vegetarian'), fact('user.diet', 'vegan'))).toBe('unrelated');
  });

  it('eating meat again ends any diet without meat; fish ends a vegetarian or vegan one; cheese a vegan one', () => {
    for (const diet of ['vegetarian', 'vegan', 'pescatarian']) expect(slotRelation(fact('user.uses.meat', 'yes'), fact('user.diet', diet)), diet).toBe('replaces');
    expect(slotRelation(fact('user.uses.chicken', 'yes'), fact('user.diet', 'pescatarian'))).toBe('replaces');
    expect(slotRelation(fact('user.uses.fish', 'yes'), fact('user.diet', 'vegetarian'))).toBe('replaces');
    expect(slotRelation(fact('user.uses.fish', 'yes'), fact('user.diet', 'pescatarian'))).toBe('unrelated');
    expect(slotRelation(fact('user.uses.cheese', 'yes'), fact('user.diet', 'vegan'))).toBe('replaces');
    expect(slotRelation(fact('user.uses.cheese', 'yes'), fact('user.diet', 'vegetarian'))).toBe('unrelated');
    // Not eating it, someone else eating it, or something that is no animal: no change.
    expect(slotRelation(fact('user.uses.meat', 'no'), fact('user.diet', 'vegan'))).toBe('unrelated');
    expect(slotRelation(fact('person:sam.uses.meat', 'yes'), fact('user.diet', 'vegan'))).toBe('unrelated');
    expect(slotRelation(fact('user.uses.coffee', 'yes'), fact('user.diet', 'vegan'))).toBe('unrelated');
  });

  it('a diet taken up ends the eating it rules out, not the eating it allows', () => {
    expect(slotRelation(fact('user.diet', 'vegetarian'), fact('user.uses.meat', 'yes'))).toBe('replaces');
    expect(slotRelation(fact('user.diet', 'vegan'), fact('user.uses.fish', 'yes'))).toBe('replaces');
    expect(slotRelation(fact('user.diet', 'pescatarian'), fact('user.uses.fish', 'yes'))).toBe('unrelated');
    expect(slotRelation(fact('user.diet', 'vegan'), fact('user.uses.meat', 'no'))).toBe('unrelated');
    // A diet that ended says nothing of what is eaten.
    expect(slotRelation(fact('user.diet', 'ended:vegan'), fact('user.uses.meat', 'yes'))).toBe('unrelated');
  });

  it('conflict candidates and batch chains reach across the two slots', () => {
    expect(mayReplaceAcrossSlots('user.uses.meat', fact('user.diet', 'vegan'))).toBe(true);
    expect(mayReplaceAcrossSlots('user.diet', fact('user.uses.fish', 'yes'))).toBe(true);
    expect(mayReplaceAcrossSlots('user.uses.coffee', fact('user.diet', 'vegan'))).toBe(false);
    expect(mayReplaceAcrossSlots('user.diet', fact('person:sam.uses.meat', 'yes'))).toBe(false);
    expect(preferenceSubject('user.diet')).toBe('user');
    expect(preferenceSubject('user.uses.meat')).toBe('user');
    expect(preferenceSubject('user.employer')).toBeNull();
  });
});

describe('a couple over time', () => {
  it('engaged and married are new versions of the partner; the same standing again is a repeat', () => {
    const partner = (content: string): SlottedFact => ({ slot: 'user.partner', value: 'marco', content });
    expect(slotRelation(partner('User got engaged to Marco'), partner('User is dating Marco'))).toBe('replaces');
    expect(slotRelation(partner('User is married to Marco'), partner('User got engaged to Marco'))).toBe('replaces');
    expect(slotRelation(partner("Marco is the user's boyfriend"), partner('User is dating Marco'))).toBe('duplicate');
    expect(slotRelation(partner('User lives with Marco'), partner('User is dating Marco'))).toBe('duplicate');
  });
});

describe('names', () => {
  it('a first name said again is the full name it begins; a full name completes a first name; another name replaces it', () => {
    expect(slotRelation(fact('user.name', 'rebecca'), fact('user.name', 'rebecca smith'))).toBe('duplicate');
    expect(slotRelation(fact('user.name', 'rebecca smith'), fact('user.name', 'rebecca'))).toBe('replaces');
    expect(slotRelation(fact('user.name', 'rebecca jones'), fact('user.name', 'rebecca smith'))).toBe('replaces');
    expect(slotRelation(fact('user.name', 'becca'), fact('user.name', 'rebecca smith'))).toBe('replaces');
  });
});
