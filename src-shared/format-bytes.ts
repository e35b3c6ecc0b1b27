/** Sizes and durations for a person, the same in the CLI and the renderer. Imports nothing. */
const GB = 1024 ** 3;
const MB = 1024 ** 2;

export function formatBytes(n: number): string {
  if (n >= GB) return `${(n / GB).toFixed(1)} GB`;
  if (n >= MB) return `${Math.round(n / MB)} MB`;
  return `${Math.max(0, Math.round(n / 1024))} KB`;
}

/** "45 s", "3 min", "1 h 20 min": time left of a download. */
export function formatSecondsLeft(s: number): string {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}
