/** Word-level difference between two versions of a fact, for "what changed" in the version history. */
export interface DiffPart {
  text: string;
  op: 'same' | 'added' | 'removed';
}

/** Longest-common-subsequence over words; versions are short, so O(n·m) is fine. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  if (a.length * b.length > 250_000) return [{ text: before, op: 'removed' }, { text: after, op: 'added' }];
  const w = b.length + 1;
  const dp = new Uint32Array((a.length + 1) * w);
  const at = (i: number, j: number) => dp[i * w + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) dp[i * w + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const out: DiffPart[] = [];
  const push = (text: string | undefined, op: DiffPart['op']) => {
    if (text === undefined) return;
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ text, op });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i], 'same');
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) push(a[i++], 'removed');
    else push(b[j++], 'added');
  }
  while (i < a.length) push(a[i++], 'removed');
  while (j < b.length) push(b[j++], 'added');
  return out;
}
