/** A few stroke icons (inline SVG: no icon font, nothing loaded from elsewhere). */
const PATHS = {
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  archive: 'M3 5h18v4H3zM5 9v10h14V9M10 13h4',
  restore: 'M4 12a8 8 0 1 0 3-6.2M4 4v4h4',
  stop: 'M7 7h10v10H7z',
  send: 'M5 12h14M13 6l6 6-6 6',
  retry: 'M20 12a8 8 0 1 1-3-6.2M20 4v4h-4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  brain: 'M12 5a3 3 0 0 0-5.6 1.5A3 3 0 0 0 5 12a3 3 0 0 0 2 5 3 3 0 0 0 5 1V5zM12 5a3 3 0 0 1 5.6 1.5A3 3 0 0 1 19 12a3 3 0 0 1-2 5 3 3 0 0 1-5 1',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  close: 'M6 6l12 12M18 6L6 18',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
