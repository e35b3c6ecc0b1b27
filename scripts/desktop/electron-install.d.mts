/** Types for electron-install.mjs (plain JS so `npm start` needs no TypeScript loader). */
export const DESKTOP_NODE_MINIMUM: string;
export function desktopNodeProblem(nodeVersion?: string): string | null;
export function locateElectron(root: string): { binary: string; version: string; missing?: undefined } | { missing: string };
