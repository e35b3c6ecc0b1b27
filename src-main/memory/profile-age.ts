/**
 * An age said a while ago, read as of now (profile.ts): "User is 34 years old" said in March 2023 is not what a
 * reply in November 2026 should be told. With the birthday known (`S.birthday`, MM-DD, beside `S.age`) the
 * birthdays since are counted (from the first one); an age "turned" was said on (or about) a birthday, so whole years
 * since count; any other age gives two possible ages, and says so. Without a birthday, an age said under a year ago
 * stands as said. The stored fact is not
 * changed: this is how the profile shows it.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "User is 34 years old", "User's mum turned 60": who, how it was said, and the age. */
const AGE_SAID = /^(.+?) (is|turned) (\d{1,3})(?: years old)?$/;

/** Birthdays (MM-DD) after `from`, up to and including `to`. 29 February falls on 1 March in other years. */
function birthdaysBetween(monthDay: string, from: number, to: number): number {
  const [month, day] = monthDay.split('-').map(Number);
  if (!month || !day) return 0;
  let n = 0;
  for (let year = new Date(from).getUTCFullYear(); year <= new Date(to).getUTCFullYear(); year++) {
    const t = Date.UTC(year, month - 1, day);
    if (t > from && t <= to) n++;
  }
  return n;
}

/** Whole years from `from` to `to`, by the calendar. */
function wholeYears(from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  let years = b.getUTCFullYear() - a.getUTCFullYear();
  const anniversary = Date.UTC(b.getUTCFullYear(), a.getUTCMonth(), a.getUTCDate(), a.getUTCHours(), a.getUTCMinutes());
  if (anniversary > to) years--;
  return Math.max(0, years);
}

/**
 * The profile's wording of an age fact as of `now`, or null to keep its words: `content` and `value` are the
 * fact's, `saidAt` when the age held (its valid_from), `birthday` the MM-DD value of the same subject's birthday.
 */
export function ageAsOf(content: string, value: string | null, saidAt: number, now: number, birthday: string | null): string | null {
  const said = AGE_SAID.exec(content);
  if (!said || (value !== null && said[3] !== value)) return null;
  const [, who, verb] = said;
  const age = Number(said[3]);
  const when = `${MONTHS[new Date(saidAt).getUTCMonth()]} ${new Date(saidAt).getUTCFullYear()}`;
  const since = ` (${verb === 'turned' ? 'turned' : 'said'} ${age} in ${when})`;
  // With the birthday known, from the first birthday since ("34" in January, a birthday in March: 35 by November).
  if (birthday !== null && /^\d{2}-\d{2}$/.test(birthday)) {
    const birthdays = birthdaysBetween(birthday, saidAt, now);
    return birthdays > 0 ? `${who} is ${age + birthdays} years old${since}` : null;
  }
  const years = wholeYears(saidAt, now);
  if (years < 1) return null;
  if (verb === 'turned') return `${who} is ${age + years} years old${since}`;
  return `${who} is ${age + years} or ${age + years + 1} years old${since}`;
}
