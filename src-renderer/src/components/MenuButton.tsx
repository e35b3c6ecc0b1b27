/**
 * A "⋯" button that opens a small menu of actions (a message's, a chat's). Keyboard first: Enter, Space or ↓
 * opens it on the first item, ↑ ↓ Home End move, Enter chooses, Esc or Tab closes it (Esc back to the button).
 * The menu is placed in the window (fixed), so a scrolling list or a clipped row never cuts it off.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  testId?: string;
}

const MENU_GAP_PX = 4;

export function MenuButton({ label, actions, testId }: { label: string; actions: MenuAction[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setPlace(null);
    if (refocus) buttonRef.current?.focus();
  }, []);

  // Under the button, right-aligned with it; above it when the window has no room below.
  useLayoutEffect(() => {
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current?.getBoundingClientRect();
    if (!open || !button || !menu) return;
    const below = button.bottom + MENU_GAP_PX;
    const top = below + menu.height > window.innerHeight ? Math.max(MENU_GAP_PX, button.top - MENU_GAP_PX - menu.height) : below;
    setPlace({ top, right: Math.max(MENU_GAP_PX, window.innerWidth - button.right) });
  }, [open]);
  // Focus moves in once it is placed (a hidden item takes no focus).
  const placed = place !== null;
  useEffect(() => {
    if (open && placed) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, placed]);

  // A click anywhere else closes it, as does the window moving under it.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onMove = () => close(false);
    document.addEventListener('mousedown', onDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, close]);

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    // Handled here, so the window's own keys (Esc stops a reply, `?` opens help) do not act as well.
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (e.key === 'Escape') {
      handled();
      close(true);
    } else if (e.key === 'ArrowDown') {
      handled();
      focus(at + 1);
    } else if (e.key === 'ArrowUp') {
      handled();
      focus(at - 1);
    } else if (e.key === 'Home') {
      handled();
      focus(0);
    } else if (e.key === 'End') {
      handled();
      focus(items.length - 1);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid={testId}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul
          ref={menuRef}
          role="menu"
          aria-label={label}
          className="menu-list"
          style={place ? { top: place.top, right: place.right } : { visibility: 'hidden' }}
          onKeyDown={onMenuKey}
        >
          {actions.map((action) => (
            <li role="none" key={action.label}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu-item"
                onClick={() => {
                  close(false);
                  action.onSelect();
                }}
                data-testid={action.testId}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
