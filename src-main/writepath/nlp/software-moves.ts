/**
 * A move to software is no move of home: "we moved to Google Cloud", "we moved to GCP for hosting", "moved to Notion
 * for our docs" (build-statement.ts asks before it writes a home; statements.ts on the clause after a move).
 */
import type { Token } from './analyzer';
import { lowerOf } from './phrases';
import { SOCIAL_APPS } from './lexicon';
import type { Built, Context } from './statement-types';

/** What software is moved to for ("to GCP for hosting", "to Notion for our docs"). */
const SOFTWARE_USES = new Set(
  ('app apps server servers database databases db hosting cloud stack platform deploys deployment deployments repo repos ' +
    'codebase backend frontend infra infrastructure tools tooling software saas api crm cms chat messaging email emails ' +
    'docs wiki tickets ticketing pipeline pipelines ci builds planning newsletter accounting payroll payments invoicing ' +
    'storage backups analytics monitoring logging').split(' '),
);

/** Tools a team moves to that no name finder knows as such: "we've moved to Teams", "moved to Jira", "to Notion". */
const WORK_TOOLS = new Set(
  ('slack teams jira confluence notion trello asana monday clickup linear basecamp zoom webex github gitlab bitbucket ' +
    'figma miro airtable salesforce hubspot zendesk intercom sharepoint onedrive dropbox gcp aws azure heroku vercel ' +
    'netlify kubernetes postgres mysql mongodb snowflake databricks xero quickbooks shopify wordpress squarespace wix ' +
    'gmail outlook discord whatsapp signal telegram').split(' '),
);
/** What a person moves to on their own devices: "I moved to Linux", "moved over to Firefox", "moved to Android". */
const PERSONAL_SOFTWARE = new Set(
  ('linux ubuntu debian fedora arch manjaro windows macos mac android ios iphone pixel chrome chromium firefox safari brave ' +
    'vivaldi spotify tidal deezer netflix obsidian evernote onenote vim neovim emacs vscode bitwarden 1password lastpass ' +
    'protonmail proton mastodon').split(' '),
);

/**
 * "we moved to Google Cloud", "we moved to GCP for hosting": a name the library does not know as a place is no
 * home when the library knows it as an organisation (said without "the": "the UAE" is a country it calls one), a
 * word of software follows it ("the NHS app"), or what it is moved to for is software ("for a software job" is a
 * job, not a use).
 */
export function movedToATool(place: string, said: readonly Token[], ctx: Context): boolean {
  const name = place.toLowerCase();
  if (WORK_TOOLS.has(name) || PERSONAL_SOFTWARE.has(name) || SOCIAL_APPS.has(name)) return true;
  if (ctx.named.get(place.toLowerCase()) === 'place') return false;
  const at = said.findIndex((t) => t.text === place.split(' ')[0]);
  if (lowerOf(said[at - 1]) !== 'the' && ctx.isOrganisation(place)) return true;
  const after = said.slice(at + place.split(' ').length);
  // "to the NHS app": the name is the software's.
  return SOFTWARE_USES.has(lowerOf(after[0])) || forSoftware(after);
}

/**
 * Whether `tokens` start with "for" and a use of software ("for hosting", "for our docs"; not "for a software job",
 * where the word of software only qualifies the noun after it). Also read on the clause after a move, where the
 * tagger splits "for hosting" off as a clause of its own.
 */
export function forSoftware(tokens: readonly Token[]): boolean {
  if (lowerOf(tokens[0]) !== 'for') return false;
  let i = 1;
  while (tokens[i]?.pos === 'DET' || ['our', 'my', 'their', 'all'].includes(lowerOf(tokens[i]))) i++;
  const use = tokens[i];
  const next = tokens[i + 1];
  return use !== undefined && SOFTWARE_USES.has(lowerOf(use)) && !(next && (next.pos === 'NOUN' || next.pos === 'PROPN'));
}

/** A home read from a move whose place the library does not know as one: a service when "for hosting" follows. */
export function unknownPlaceMovedTo(s: Built, ctx: Context): boolean {
  const place = s.entities.find((e) => e.type === 'place')?.name;
  return s.slot?.endsWith('.residence') === true && place !== undefined && ctx.named.get(place.toLowerCase()) !== 'place';
}
