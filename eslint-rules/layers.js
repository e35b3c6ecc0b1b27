/**
 * The layering map `local/layering` enforces (see ./layering.js), bottom layer first. Each key is a folder (or
 * a single module) relative to the repository; its value lists the prefixes its files may import besides
 * their own layer. Imports from tests/, bench/, e2e/ and scripts/ are not layered.
 *
 * The rules behind it: src-shared/ is what the renderer and main both run, so it imports nothing; only memory/
 * calls storage/ (nothing else holds a database handle); the engine has one door, memory/index.ts, and the rest
 * of memory/ is its own; chat/ and writepath/ reach the engine through their memory-port.ts; the renderer takes only types from main. A new folder under
 * src-main/ is an error until it is placed here.
 */

const SHARED = 'src-shared';
const RESOURCES = 'src-main/resource-paths';
const STORAGE = 'src-main/storage';
const EMBEDDINGS = 'src-main/embeddings';
const MEMORY = 'src-main/memory';
const LLM = 'src-main/llm';
const SCHEDULER = 'src-main/scheduler';
const CHAT = 'src-main/chat';
const WRITEPATH = 'src-main/writepath';
const DATA = 'src-main/data';
// Node-only pieces several layers need and that need nothing of the app: the loopback HTTP guard (browser mode
// and MCP's HTTP transport) and the one-app-per-data-folder lock (the app, the CLI and a data move).
const PLATFORM = 'src-main/platform';
const MCP = 'src-main/mcp';
const API = 'src-main/api';
const HOST = 'src-main/host';
const WEB = 'src-main/web';

/** The folders the layering applies to; a file in one of them that is in no layer is an error. */
export const roots = ['src-shared', 'src-main', 'src-preload', 'src-renderer'];

/** Everything the engine is made of, for the layers that wire it together. */
const ENGINE = [SHARED, RESOURCES, PLATFORM, EMBEDDINGS, MEMORY, LLM, SCHEDULER, CHAT, WRITEPATH, DATA, MCP];

export const layers = {
  [SHARED]: [],
  // Where shipped files are (resources/, app.asar.unpacked); Node built-ins only.
  [RESOURCES]: [],
  [PLATFORM]: [],
  [STORAGE]: [SHARED, RESOURCES],
  // Remote embeddings use the one OpenAI client factory and error classifier in llm/.
  [EMBEDDINGS]: [SHARED, RESOURCES, LLM],
  [MEMORY]: [SHARED, RESOURCES, STORAGE, EMBEDDINGS],
  [LLM]: [SHARED],
  [SCHEDULER]: [SHARED],
  [CHAT]: [SHARED, MEMORY, LLM, EMBEDDINGS],
  [WRITEPATH]: [SHARED, MEMORY, LLM, EMBEDDINGS, SCHEDULER],
  [DATA]: [SHARED, RESOURCES, PLATFORM, MEMORY, WRITEPATH],
  [MCP]: [SHARED, PLATFORM, MEMORY, CHAT, LLM],
  [API]: ENGINE,
  [HOST]: [...ENGINE, API],
  'src-main/cli': ENGINE,
  [WEB]: [...ENGINE, API, HOST],
  'src-main/app': [...ENGINE, API, HOST, WEB],
  // The sandboxed preload bundles the contract (and the zod schemas it imports) and nothing else of main.
  'src-preload': [SHARED, `${API}/contract`],
  'src-renderer': [SHARED],
};

/** Folders that only their owner may import, whatever the importer's layer allows. */
export const privateFolders = {
  [`${MEMORY}/repo`]: MEMORY,
  [`${MEMORY}/db`]: MEMORY,
};

/**
 * Folders whose outside users come in through one module: everything else in the folder is private to it. The
 * engine's door holds the engine, its schemas, its answers' types and the few helpers its users share.
 */
export const doors = {
  [MEMORY]: `${MEMORY}/index`,
};

/**
 * The engine's users reach it through a narrow port of their own (chat/, writepath/, mcp/ and api/memory-port.ts):
 * in these layers only the port file may name the engine class (`guardedNames`, imported from the door). The host
 * opens the engine, so it holds the class; what it shows of it is host/memory-port.ts.
 */
const ENGINE_CLASS = ['MemoryEngine'];
export const ports = {
  [CHAT]: { port: `${CHAT}/memory-port.ts`, guardedNames: ENGINE_CLASS },
  [WRITEPATH]: { port: `${WRITEPATH}/memory-port.ts`, guardedNames: ENGINE_CLASS },
  [MCP]: { port: `${MCP}/memory-port.ts`, guardedNames: ENGINE_CLASS },
  [API]: { port: `${API}/memory-port.ts`, guardedNames: ENGINE_CLASS },
};

/**
 * Prefixes a layer may import types from (`import type` only, erased at build time). Above memory, storage's
 * types (a store's interface, lock options) may be named, but only memory calls storage at run time.
 */
const STORAGE_TYPES = [STORAGE];
export const typeOnlyFrom = {
  'src-renderer': ['src-main'],
  ...Object.fromEntries([LLM, SCHEDULER, CHAT, WRITEPATH, DATA, MCP, API, HOST, 'src-main/cli', WEB, 'src-main/app'].map((l) => [l, STORAGE_TYPES])),
};

/** Layers that may import no package and no Node built-in: the renderer bundles them. */
export const selfContained = [SHARED];

/**
 * TEMPORARY: imports that break the map today. Delete an entry as soon as its importer no longer needs it; the
 * list only ever shrinks.
 */
export const allowances = [];
