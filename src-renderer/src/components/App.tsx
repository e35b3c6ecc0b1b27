import { useCallback, useEffect } from 'react';
import { useAppInfo, useChatActions, useChats, useConnected, useLiveUpdates, type UiCommand } from '../api/hooks';
import { useUi } from '../store';
import { ChatView } from './ChatView';
import { ContextPackDialog, ToolCallDialog } from './Dialogs';
import { HelpDialog } from './HelpDialog';
import { SettingsDialog } from './SettingsDialog';
import { typing } from '../keyboard';
import { Sidebar } from './Sidebar';
import { ErrorNotices } from './ErrorNotices';
import { InspectorRoot } from '../inspector/InspectorRoot';
import { useInspector } from '../inspector/store';

export function App() {
  const { selectedChatId, selectChat, setSettingsOpen, settingsOpen, helpOpen, setHelpOpen } = useUi();
  const chats = useChats(false);
  const info = useAppInfo();
  const { create } = useChatActions();
  const connected = useConnected();
  // While the inspector covers the window, the chat behind it takes no focus, clicks or keys: nothing typed
  // there may reach the message box and be sent unseen.
  const inspectorOpen = useInspector((s) => s.open);

  const setOpeningChat = useUi((s) => s.setOpeningChat);
  const newChat = useCallback(() => {
    // Until the new chat is selected, the chat shown is the old one: a message sent meanwhile waits (Composer).
    setOpeningChat(true);
    create.mutate(undefined, { onSuccess: (chat) => selectChat(chat.id), onSettled: () => setOpeningChat(false) });
  }, [create, selectChat, setOpeningChat]);

  const onCommand = useCallback(
    (command: UiCommand) => {
      if (command === 'new-chat') newChat();
      else if (command === 'open-help') setHelpOpen(true);
      else setSettingsOpen(true);
    },
    [newChat, setSettingsOpen, setHelpOpen],
  );
  useLiveUpdates(onCommand);

  // Open the most recent conversation at start, and move on when the open one is archived.
  const showArchived = useUi((s) => s.showArchived);
  useEffect(() => {
    if (!chats.data || showArchived) return;
    if (selectedChatId === null || !chats.data.some((c) => c.id === selectedChatId)) {
      const next = chats.data[0]?.id ?? null;
      if (next !== selectedChatId) selectChat(next);
    }
  }, [chats.data, selectedChatId, selectChat, showArchived]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === ',') {
        e.preventDefault();
        setSettingsOpen(true);
      }
      // `?` is a character people type: only outside text fields, and not over another dialog.
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target) && !document.querySelector('dialog[open]')) {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSettingsOpen, setHelpOpen]);

  return (
    <div className="app">
      <Sidebar onNewChat={newChat} creating={create.isPending} inert={inspectorOpen} />
      <main className="main" inert={inspectorOpen} data-testid="chat-main">
        {!connected && (
          <div className="banner banner-error" role="alert">
            Disconnected from Engram — reconnecting… If you stopped it, start it again with <code>npm start</code>.
          </div>
        )}
        {info.data?.offline && (
          <div className="banner banner-offline" role="status" data-testid="offline-banner">
            <strong>Memory-only mode.</strong> No language model is connected, so replies list what Engram remembers.{' '}
            <button className="link-button" onClick={() => setSettingsOpen(true)}>
              Connect a model
            </button>{' '}
            (OpenAI, Ollama, LM Studio or any OpenAI-compatible server).
          </div>
        )}
        <ChatView chatId={selectedChatId} onNewChat={newChat} />
      </main>
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      <ErrorNotices />
      <ToolCallDialog />
      <ContextPackDialog />
      <InspectorRoot />
    </div>
  );
}
