/** Types for build-renderer.mjs (plain JS so `npm start` needs no TypeScript loader to build). */
export function buildRenderer(options?: { quiet?: boolean }): Promise<void>;
export function buildWebHost(options?: { quiet?: boolean }): Promise<void>;
