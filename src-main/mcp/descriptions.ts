/**
 * What an MCP client's model reads about each tool. It has never heard of Engram, so each description says
 * what the memory is, when to call the tool and what comes back. Schemas and executors are the chat's own.
 */
import type { MemoryToolName } from '../chat/tools';

export const SERVER_INSTRUCTIONS =
  'Engram is the user\'s personal long-term memory: facts, preferences, procedures and opinions about their ' +
  'life and work, gathered from their conversations and kept on their own computer. Search it before answering ' +
  'questions that depend on what the user said in the past ("what did I decide about…", "who is…", "my usual…"). ' +
  'Save only what the user states or clearly confirms, one self-contained sentence per fact. The user controls ' +
  'whether this app may change the memory; if a write is refused, tell them, and do not retry.';

const WHAT = "Engram is the user's long-term personal memory, kept on their computer.";

export const MCP_TOOL_DESCRIPTIONS: Record<MemoryToolName, string> = {
  search_memory:
    `${WHAT} Search it for anything the user may have told you or another assistant before: people, projects, ` +
    'preferences, decisions, how they like things done. Returns the best matches, each with an id (needed by ' +
    'correct_fact and confirm_fact), its kind, its confidence (0-1) and when it was learned. Past conversations ' +
    'themselves are searched only with type "episodic".',
  remember_fact:
    `${WHAT} Save one new fact the user stated (or a procedure they follow, or an opinion they hold), written as ` +
    'one self-contained sentence that makes sense without this conversation, e.g. "Maria\'s daughter Lena ' +
    'started school in Porto in 2025". Search first: if a remembered fact is now wrong, use correct_fact ' +
    'instead. Returns the new fact\'s id; a fact memory already holds word for word is restated, not saved twice ' +
    '(already_remembered). Needs the user\'s permission for this app to write.',
  correct_fact:
    `${WHAT} Replace a remembered fact that the user says is wrong or out of date. Give the id from ` +
    'search_memory and the corrected sentence; the old version is kept as history. Returns the new version\'s ' +
    'id. Needs the user\'s permission for this app to write.',
  confirm_fact:
    `${WHAT} Mark a remembered fact as confirmed by the user (they said it is right), so it never fades from ` +
    'memory. Give the id from search_memory. Needs the user\'s permission for this app to write.',
  get_entity_info:
    `${WHAT} Everything remembered about one person, project, organisation, place, concept or tool, by name ` +
    'or alias: a summary, facts about it and recent mentions.',
  memory_stats:
    `${WHAT} How much it holds: counts of memories by kind, of links and of entities, and maintenance state. ` +
    'For questions like "how much do you remember about me?".',
};

export const REMEMBER_CONVERSATION_DESCRIPTION =
  `${WHAT} Record turns of your conversation with the user so Engram can learn from them later: it reads them ` +
  'in the background and distils lasting facts, the way it does for its own chats. Send the turns worth ' +
  'keeping (in order, user and assistant); to add later turns of the same conversation, pass the ' +
  'conversation_id the first call returned. Needs the user\'s permission for this app to write.';
