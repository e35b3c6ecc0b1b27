/**
 * A store: a module of repository functions (connection first) bound to one connection. Code above storage
 * and memory gets the store, never the handle, so the only SQL it can run is the store's own.
 */
import type { WritableDB } from './db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function's parameters are contravariant: `never[]` would refuse every repo function.
type AnyRepoFunction = (db: WritableDB, ...args: any[]) => unknown;

type BoundFunction<F> = F extends (db: WritableDB, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The repo functions of `repo`, each with the connection already given. */
export type Store<Repo> = { readonly [K in keyof Repo as Repo[K] extends AnyRepoFunction ? K : never]: BoundFunction<Repo[K]> };

/** `before` runs ahead of every call (the engine's check that it is still open). */
export function bindStore<Repo extends object>(db: WritableDB, repo: Repo, before: () => void = () => undefined): Store<Repo> {
  const store: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repo)) {
    if (typeof value !== 'function') continue;
    store[name] = (...args: unknown[]) => {
      before();
      return (value as (db: WritableDB, ...rest: unknown[]) => unknown)(db, ...args);
    };
  }
  return store as Store<Repo>;
}
