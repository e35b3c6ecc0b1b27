/** Small display helpers. */
export function relativeTime(ms: number, now = Date.now()): string {
  const s = Math.round((now - ms) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d < 7) return `${d} d ago`;
  return new Date(ms).toLocaleDateString();
}

export function toolLabel(name: string): string {
  switch (name) {
    case 'search_memory':
      return 'Searched memory';
    case 'remember_fact':
      return 'Remembered';
    case 'correct_fact':
      return 'Corrected a memory';
    case 'confirm_fact':
      return 'Confirmed a memory';
    case 'get_entity_info':
      return 'Looked up';
    case 'memory_stats':
      return 'Memory stats';
    default:
      return name;
  }
}
