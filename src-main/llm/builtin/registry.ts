/**
 * The process's one built-in model runtime and where its models live. The host and the CLI name the data
 * folder's models/ at start; the OpenAI client factory routes the built-in provider's base URL here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { MODEL_CATALOG, type CatalogEntry } from './catalog';
import { PROVIDER_PRESETS } from '../presets';
import { createBuiltinFetch } from './openai-adapter';
import { BuiltinModelRuntime, type BuiltinRuntimeOptions } from './runtime';

/** Not a network address: requests to it never leave the process (`.invalid` cannot resolve). */
export const BUILTIN_BASE_URL = PROVIDER_PRESETS.builtin.baseURL;

export function isBuiltinBaseURL(url: string): boolean {
  return url.replace(/\/+$/, '') === BUILTIN_BASE_URL;
}

/** Where the built-in provider keeps its models: the data folder's models/ (app and CLI alike). */
export function modelsDirOf(dataDir: string): string {
  return join(dataDir, 'models');
}

let modelsDir: string | null = null;
let runtimeOptions: BuiltinRuntimeOptions = {};
let runtime: BuiltinModelRuntime | null = null;
let catalog: readonly CatalogEntry[] = MODEL_CATALOG;

/**
 * Called once the data folder is known; `options` lets the desktop app run the model in a utilityProcess;
 * `models` is the catalog the app offers (a test or mirror catalog, see catalog-file.ts).
 */
export function configureBuiltinModels(dir: string, options: BuiltinRuntimeOptions = {}, models: readonly CatalogEntry[] = MODEL_CATALOG): void {
  modelsDir = dir;
  runtimeOptions = options;
  catalog = models;
}

export function builtinModelsDir(): string | null {
  return modelsDir;
}

export function builtinRuntime(): BuiltinModelRuntime {
  return (runtime ??= new BuiltinModelRuntime(runtimeOptions));
}

/** Stops the model's worker (at quit). */
export function closeBuiltinRuntime(): void {
  runtime?.close();
  runtime = null;
}

/** A catalog id → its file in models/; an absolute path is taken as it is; other names are files in models/. */
export function resolveBuiltinModel(name: string): string {
  if (isAbsolute(name)) return name;
  const file = catalog.find((e) => e.id === name)?.file ?? (name.endsWith('.gguf') ? name : `${name}.gguf`);
  return join(modelsDir ?? '.', file);
}

/** Catalog ids of the downloaded models, then any other .gguf file someone put in models/. */
export function installedBuiltinModels(): string[] {
  if (!modelsDir || !existsSync(modelsDir)) return [];
  const files = new Set(readdirSync(modelsDir).filter((f) => f.endsWith('.gguf')));
  const known = catalog.filter((e) => files.has(e.file));
  const other = [...files].filter((f) => !known.some((e) => e.file === f));
  return [...known.map((e) => e.id), ...other];
}

export function builtinFetch(): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return createBuiltinFetch({ runtime: builtinRuntime(), resolveModel: resolveBuiltinModel, listModels: installedBuiltinModels });
}
