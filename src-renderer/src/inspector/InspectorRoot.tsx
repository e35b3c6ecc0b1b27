/** Mounted once by App: the inspector when open, and its global shortcut (Ctrl/⌘+Shift+M). */
import { useEffect, useRef } from 'react';
import { InspectorView } from './InspectorView';
import { useInspector } from './store';

export function InspectorRoot() {
  const open = useInspector((s) => s.open);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'm') {
        e.preventDefault();
        const s = useInspector.getState();
        if (s.open) s.close();
        else s.openInspector();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Focus follows the view: into the inspector when it opens, back to the message box when it closes.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      // After the chat's `inert` is lifted on this render.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="composer"]')?.focus());
    }
    wasOpen.current = open;
  }, [open]);
  return open ? <InspectorView /> : null;
}

/** The sidebar's entry point. */
export function OpenInspectorButton() {
  const openInspector = useInspector((s) => s.openInspector);
  return (
    <button className="button button-ghost" onClick={() => openInspector()} data-testid="open-inspector" title="Memory inspector (Ctrl+Shift+M)">
      Memory
    </button>
  );
}

/** In the "What it remembered" dialog: open the same pack in the inspector. */
export function OpenPackInInspector({ messageId, onOpen }: { messageId: string; onOpen: () => void }) {
  return (
    <button
      className="button"
      data-testid="pack-open-inspector"
      onClick={() => {
        onOpen();
        useInspector.getState().openPack(messageId);
      }}
    >
      Open in the memory inspector
    </button>
  );
}
