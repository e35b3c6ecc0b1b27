/**
 * A model prompt with its versions (Graphiti's `versions={'v1': …}`). A prompt that changes gets a new version
 * beside the old ones rather than an edit in place, so what a run records ("extraction v1") names one text.
 */
export interface VersionedPrompt<T> {
  /** The version in use. */
  readonly version: string;
  /** Its text (or the function that builds it). */
  readonly text: T;
  readonly versions: Readonly<Record<string, T>>;
}

export function versionedPrompt<T>(versions: Readonly<Record<string, T>>, current: string): VersionedPrompt<T> {
  const text = versions[current];
  if (text === undefined) throw new Error(`prompt version ${current} is not defined`);
  return { version: current, text, versions };
}
