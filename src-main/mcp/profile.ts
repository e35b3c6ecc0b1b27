/**
 * The person's profile over MCP: the resource `engram://profile` and the read-only tool `get_profile`, so an
 * assistant in another app can learn who it talks to before it answers. Reads only; pins stay in Engram's UI.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpMemory } from './memory-port';
import { profileText } from '../../src-shared/profile-format';
import type { JsonObject } from '../../src-shared/memory-types';

export const PROFILE_URI = 'engram://profile';

export const GET_PROFILE_DESCRIPTION =
  "Engram is the user's long-term personal memory, kept on their computer. get_profile returns what it knows " +
  'about the user that every reply should take into account: the lasting part (name, home, work, family, ' +
  'lasting preferences) and the recent part (this month\'s projects, plans, moods), each line with the id of its ' +
  'fact. Call it once at the start of a conversation.';

/** The profile as JSON (the structured answer), with the same text the CLI prints. */
function profileJson(memory: McpMemory, spaceId: string | undefined): { json: JsonObject; text: string } {
  const p = memory.profile(spaceId !== undefined ? { scope: { spaceId } } : {});
  const lines = (ls: typeof p.static) => ls.map((l) => ({ id: l.nodeId, content: l.content, reason: l.reason, pinned: l.pinned, confirmed: l.confirmed }));
  return { json: { static: lines(p.static), dynamic: lines(p.dynamic), computed_at: new Date(p.computedAt).toISOString() }, text: profileText(p) };
}

/** `spaceId`: the space the client is bound to; its profile is that space's facts plus those marked everywhere. */
export function registerProfile(server: McpServer, memory: McpMemory, activity: (line: string) => void, spaceId?: () => string): void {
  server.registerTool(
    'get_profile',
    {
      description: GET_PROFILE_DESCRIPTION,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (): CallToolResult => {
      // The running app may have written since the last call: read what is in the file now.
      memory.checkExternalWrites();
      const { json, text } = profileJson(memory, spaceId?.());
      activity('called get_profile');
      return { content: [{ type: 'text', text }], structuredContent: json };
    },
  );
  server.registerResource(
    'profile',
    PROFILE_URI,
    { title: 'What Engram knows about you', description: 'The user\'s profile: lasting facts and this month\'s', mimeType: 'application/json' },
    (uri): ReadResourceResult => {
      memory.checkExternalWrites();
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(profileJson(memory, spaceId?.()).json, null, 2) }] };
    },
  );
}
