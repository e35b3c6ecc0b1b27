/**
 * Facts say their times as a person writes them (session 26's blind review): "User left Google in March", not "in march";
 * "since 29 December 2023", not "since 29.12.2023". The words change, never the date the fact is given.
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';
import { withTimesAsWritten } from '../../src-main/writepath/nlp/time-words';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

async function read(text: string): Promise<[string, string | null][]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => [s.content, s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 10)]);
}

describe('times written out in a fact', () => {
  it('capitalises months and weekdays, spells out short months and a numeric date, and keeps the date', async () => {
    expect(await read('left google in march')).toEqual([['User left Google in March', '2026-03-01']]);
    expect(await read('joined the army in jan 2020')).toEqual([['User joined the army in January 2020', '2020-01-01']]);
    expect(await read('got engaged on 24th dec')).toEqual([['User got engaged on 24th December', '2025-12-24']]);
    expect(await read('i swim every sunday')).toEqual([['User swims every Sunday', null]]);
    expect(await read('been vegan since 29.12.2023')).toEqual([['User has been vegan since 29 December 2023', '2023-12-29']]);
    expect(await read('got married on 14/06/2019')).toEqual([['User got married on 14 June 2019', '2019-06-14']]);
    // A month or a day typed with its capital in a lower-case chat leaves the names in it to be found.
    expect(await read('i moved to leeds in March')).toEqual([['User lives in Leeds', '2026-03-01']]);
    expect(await read('started my job on 2021-04-03')).toEqual([['User started their job on 3 April 2021', '2021-04-03']]);
  });

  it('leaves "may" the verb, a date that is no day, and a date the fact is not given as they were', () => {
    expect(withTimesAsWritten('User may move to Leeds', null)).toBe('User may move to Leeds');
    expect(withTimesAsWritten('User quit smoking on 31.11.2025', null)).toBe('User quit smoking on 31.11.2025');
    expect(withTimesAsWritten('User loved 11/22/63 by Stephen King', null)).toBe('User loved 11/22/63 by Stephen King');
    expect(withTimesAsWritten('User moved on 01.02.2020', Date.UTC(2021, 0, 1))).toBe('User moved on 01.02.2020');
    expect(withTimesAsWritten('User moved to Leeds in may 2024', null)).toBe('User moved to Leeds in May 2024');
    // A number shaped like a date where no date goes, and a date read as another day, stay as typed.
    expect(withTimesAsWritten('User is using version 1.2.2024', Date.UTC(2024, 1, 1))).toBe('User is using version 1.2.2024');
    expect(withTimesAsWritten('User is on build 1.2.2024', Date.UTC(2024, 1, 1))).toBe('User is on build 1.2.2024');
    // A date that ends the words bare is the day it happened on.
    expect(withTimesAsWritten('User deleted their Facebook 29.12.2023', Date.UTC(2023, 11, 29))).toBe('User deleted their Facebook on 29 December 2023');
    expect(withTimesAsWritten('User has worked at the NHS since 2020-01-15', Date.UTC(2020, 0, 1))).toBe('User has worked at the NHS since 2020-01-15');
    expect(withTimesAsWritten('User has worked at the NHS since 2020-01-15', Date.UTC(2020, 0, 15))).toBe('User has worked at the NHS since 15 January 2020');
  });
});
