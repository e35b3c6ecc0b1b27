/** Remembers the main window's bounds and maximised state between launches (a small JSON file in userData). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { z } from 'zod';

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof stateSchema>;

const DEFAULT_SIZE = { width: 1180, height: 800 };

export function loadWindowState(userData: string): Partial<WindowState> & { width: number; height: number } {
  const file = join(userData, 'window-state.json');
  if (!existsSync(file)) return DEFAULT_SIZE;
  const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) return DEFAULT_SIZE;
  // A window saved on a monitor that is gone would open off-screen: keep only its size then.
  const visible = screen.getAllDisplays().some((d) => intersects(d.workArea, parsed.data));
  return visible ? parsed.data : { width: parsed.data.width, height: parsed.data.height, maximized: parsed.data.maximized };
}

function intersects(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Saves on close (bounds of the normal, not maximised, window). */
export function trackWindowState(win: BrowserWindow, userData: string): void {
  win.on('close', () => {
    const bounds = win.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: win.isMaximized() };
    try {
      writeFileSync(join(userData, 'window-state.json'), JSON.stringify(state));
    } catch {
      // Losing the window position is not worth failing the quit for.
    }
  });
}
