/**
 * The desktop app's native open and save dialogs (`ui.chooseFile`, answered by the main process). Browser mode
 * never calls these: it uploads and downloads (./files.ts).
 */
import type { FilePurpose } from '../../../src-main/api/contract';
import { call } from './client';

/** The path the person chose in the native open dialog, or null when they cancelled. */
export const chooseOpenPath = async (purpose: Extract<FilePurpose, 'import' | 'restore'>): Promise<string | null> =>
  (await call('ui.chooseFile', { mode: 'open', purpose })).path;

/** Where the person chose to save, or null when they cancelled (then nothing is written). */
export const chooseSavePath = async (purpose: Extract<FilePurpose, 'export' | 'backup'>, suggestedName?: string): Promise<string | null> =>
  (await call('ui.chooseFile', { mode: 'save', purpose, ...(suggestedName ? { suggestedName } : {}) })).path;

/** `engram-export-2026-11-25.json`, or `.zip` for Markdown (a Markdown export named without .zip is a folder). */
export function exportFileName(format: 'json' | 'markdown', now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `engram-export-${day}.${format === 'json' ? 'json' : 'zip'}`;
}
