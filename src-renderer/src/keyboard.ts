/**
 * The keyboard: every shortcut Engram answers, in one list the help dialog (`?`) shows, and the test for "the
 * person is typing" that single-key shortcuts respect. A new shortcut is added here as well as where it acts.
 */

export interface Shortcut {
  /** Pressed together (Ctrl+,), or any one of them when `either`. */
  keys: string[];
  either?: boolean;
  does: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

/** Ctrl on Windows and Linux, ⌘ on a Mac. */
const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
/** How the Ctrl/⌘ key is written on this system, for hints next to the controls. */
export const MOD_KEY_LABEL = mod;

export const SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['?'], does: 'Show this help and every shortcut' },
      { keys: [mod, ','], does: 'Open Settings' },
      { keys: [mod, 'K'], does: 'Find in all chats (titles and messages); ↑ ↓ choose, Enter opens the chat at that message' },
      { keys: [mod, 'N'], does: 'New chat (desktop app)' },
      { keys: [mod, 'Shift', 'M'], does: 'Open or close the memory inspector' },
      { keys: ['Tab'], does: 'Move between buttons, lists and fields' },
      { keys: ['Esc'], does: 'Close a dialog' },
    ],
  },
  {
    title: 'Chat',
    shortcuts: [
      { keys: ['Enter'], does: 'Send the message' },
      { keys: ['Shift', 'Enter'], does: 'New line in the message' },
      { keys: ['Esc'], does: 'Stop the reply being written' },
    ],
  },
  {
    title: 'Memory inspector',
    shortcuts: [
      { keys: ['/'], does: 'Search memory' },
      { keys: ['↑', '↓'], either: true, does: 'In search results: choose one (Enter jumps to it)' },
      { keys: ['←', '↑', '→', '↓'], either: true, does: 'Graph and timeline: move to the nearest memory that way' },
      { keys: ['c'], does: 'Confirm the selected facts (they stop fading)' },
      { keys: ['e'], does: 'Edit the selected memory' },
      { keys: ['Del'], does: 'Forget the selected memories (undo from the notice)' },
      { keys: ['z'], does: 'Undo the last change' },
      { keys: ['Esc'], does: 'Stop editing, clear the selection, then close the inspector' },
    ],
  },
  {
    title: 'Review',
    shortcuts: [
      { keys: ['↑', '↓'], either: true, does: 'Move between the facts waiting for review' },
      { keys: ['a'], does: 'Approve: remember it' },
      { keys: ['e'], does: 'Edit and approve (Enter saves, Esc cancels)' },
      { keys: ['d'], does: 'Decline: kept in Declined, never proposed again' },
      { keys: ['r'], does: 'In Declined: restore to the queue' },
    ],
  },
  {
    title: 'Entity list',
    shortcuts: [
      { keys: ['↓'], does: 'From the filter box: into the list' },
      { keys: ['↑', '↓'], either: true, does: 'Move between entities' },
      { keys: ['Enter'], does: 'Open the entity' },
    ],
  },
];

/** Focus is in a field that takes text: single-key shortcuts stay out of its way. */
export const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
