/**
 * When a version of a fact stopped holding. `valid_until` is memory's time (when it learned of the change: for an
 * imported history, the day it was read); what a person asks is when the change happened — when the next version
 * began. That, when the next version began after this one; else (a correction of what was said, which keeps the
 * old date) when memory changed it. Null while it holds.
 */
export interface VersionTimes {
  id: string;
  validFrom: number;
  validUntil: number | null;
}

/** `versions` oldest first, as NodeDetail lists them. */
export function heldUntil(version: VersionTimes, versions: readonly VersionTimes[]): number | null {
  if (version.validUntil === null) return null;
  const next = versions[versions.findIndex((v) => v.id === version.id) + 1];
  return next !== undefined && next.validFrom > version.validFrom && next.validFrom <= version.validUntil ? next.validFrom : version.validUntil;
}
