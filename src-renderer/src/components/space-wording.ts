/**
 * What Settings → Memory spaces says about a space and about deleting it: pure, so the words that promise what
 * happens to a person's memories are tested against what the engine does (memory/spaces.ts deleteSpace).
 */
import type { MemorySpaceSummary } from '../../../src-shared/spaces';

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "1 memory", "3 memories". */
export const memoriesCount = (n: number): string => count(n, 'memory', 'memories');

/** "3 facts, 12 episodes, 2 chats". */
export function spaceHoldings(s: Pick<MemorySpaceSummary, 'facts' | 'episodes' | 'chats'>): string {
  return `${count(s.facts, 'fact')}, ${count(s.episodes, 'episode')}, ${count(s.chats, 'chat')}`;
}

const isEmpty = (s: Pick<MemorySpaceSummary, 'facts' | 'episodes' | 'chats'>): boolean => s.facts + s.episodes + s.chats === 0;

/**
 * What deleting `space` does to its rows: moved whole into `target` (chats, their memory sessions, episodes,
 * facts with every earlier version), or erased for good (the same rows deleted, chats with their messages).
 * `target` null means erase.
 */
export function spaceDeletionConsequence(space: MemorySpaceSummary, target: Pick<MemorySpaceSummary, 'name'> | null): string {
  if (isEmpty(space)) return `“${space.name}” holds nothing; deleting it removes only its name.`;
  const what = spaceHoldings(space);
  if (target) return `Its ${what} move to “${target.name}”, with the earlier versions of its facts; nothing is lost.`;
  return `Its ${what} are erased for good, with the chats' messages and the earlier versions of its facts. This cannot be undone.`;
}

/** The spaces a deleted space's rows may move to: every other one, Personal first (the list's order). */
export function moveTargets(spaces: readonly MemorySpaceSummary[], deletingId: string): MemorySpaceSummary[] {
  return spaces.filter((s) => s.id !== deletingId);
}
