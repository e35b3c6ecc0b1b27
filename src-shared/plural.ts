/** "1 turn", "2 turns", "1 person", "3 people": a count with the noun that fits it. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
