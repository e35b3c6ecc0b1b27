/** The profile as plain text, one way for the CLI and MCP (the inspector draws its own card). */
import type { Profile, ProfileLine } from './profile-types';

const line = (l: ProfileLine): string => `- ${l.content.replace(/\s+/g, ' ').trim()}${l.pinned ? ' [pinned]' : ''}  (${l.reason}; ${l.nodeId})`;

export function profileText(p: Profile): string {
  if (p.static.length === 0 && p.dynamic.length === 0) {
    return 'Engram knows nothing about you yet that belongs in your profile (name, home, work, family, lasting preferences, this month\'s projects).';
  }
  const part = (title: string, lines: readonly ProfileLine[]) => (lines.length ? [title, ...lines.map(line), ''] : []);
  return [
    'What Engram knows about you',
    '',
    ...part('Lasting (name, home, work, family, health, preferences):', p.static),
    ...part('Lately (this month):', p.dynamic),
    ...(p.hidden.length ? [`${p.hidden.length} fact(s) hidden from the profile.`] : []),
  ]
    .join('\n')
    .trimEnd();
}
