/**
 * The person's profile over MCP: the resource `engram://profile` and the read-only tool `get_profile`, so an
 * assistant in another app can learn who it talks to before it answers. Reads only; pins stay in Engram's UI.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpMemory } from './memory-port';
import { profileText } from '../../src-shared/profile-format';
import type { JsonObject } from '../../src-shared/memory-types';
import { z } from 'zod';
import { AppError } from '../../src-shared/errors';
import { asOfDay, learnedLaterNotice } from '../../src-shared/as-of-notice';

export const PROFILE_URI = 'engram://profile';

export const GET_PROFILE_DESCRIPTION =
  "Engram is the user's long-term personal memory, kept on their computer. get_profile returns what it knows " +
  'about the user that every reply should take into account: the lasting part (name, home, work, family, ' +
  'lasting preferences) and the recent part (this month\'s projects, plans, moods), each line with the id of its ' +
  'fact. Call it once at the start of a conversation; as_of gives the profile as it stood on a past date.';

/** The profile as JSON (the structured answer), with the same text the CLI prints; `asOf`: the profile of that date. */
function profileJson(memory: McpMemory, spaceId: string | undefined, asOf?: string): { json: JsonObject; text: string } {
  const p = memory.profile({ ...(spaceId !== undefined ? { scope: { spaceId } } : {}), ...(asOf !== undefined ? { asOf } : {}) });
  const lines = (ls: typeof p.static) => ls.map((l) => ({ id: l.nodeId, content: l.content, reason: l.reason, pinned: l.pinned, confirmed: l.confirmed }));
  // `as_of` the bound (an instant; a day asked is read as its end), `as_of_day` the day it names.
  const dated: JsonObject = asOf !== undefined ? { as_of: new Date(p.computedAt).toISOString(), as_of_day: asOfDay(p.computedAt, asOf) } : {};
  const json: JsonObject = { static: lines(p.static), dynamic: lines(p.dynamic), computed_at: new Date(p.computedAt).toISOString(), ...dated };
  if (asOf === undefined) return { json, text: profileText(p) };
  // As of a date, what was said by then but learned later is left out: say so, as the CLI and the inspector do.
  const later = memory.learnedLater(asOf, spaceId);
  const notice = later.count > 0 ? learnedLaterNotice(later.count, later.firstLearnedAt) : null;
  const heading = `As of ${asOfDay(p.computedAt, asOf)} (the end of that day).${notice ? ` ${notice}` : ''}`;
  return { json: notice ? { ...json, notice } : json, text: `${heading}\n\n${profileText(p)}` };
}

const getProfileSchema = z.object({
  as_of: z.string().min(1).max(100).optional().describe('The profile as it stood then, e.g. "2025-03-01" or "last christmas" (default: now)'),
});

/** `spaceId`: the space the client is bound to; its profile is that space's facts plus those marked everywhere. */
export function registerProfile(server: McpServer, memory: McpMemory, activity: (line: string) => void, spaceId?: () => string): void {
  server.registerTool(
    'get_profile',
    {
      description: GET_PROFILE_DESCRIPTION,
      inputSchema: getProfileSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args: z.output<typeof getProfileSchema>): CallToolResult => {
      // The running app may have written since the last call: read what is in the file now.
      memory.checkExternalWrites();
      let answer: { json: JsonObject; text: string };
      try {
        answer = profileJson(memory, spaceId?.(), args.as_of);
      } catch (err) {
        // A date that cannot be read is the caller's to fix: a tool error, not a failed call.
        if (err instanceof AppError) return { content: [{ type: 'text', text: `get_profile: ${err.message}` }], isError: true };
        throw err;
      }
      activity(typeof answer.json.as_of_day === 'string' ? `called get_profile (as of ${answer.json.as_of_day})` : 'called get_profile');
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.json };
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
