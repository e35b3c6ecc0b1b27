/** UI state only (selection, dialogs, filters). Anything that comes from main lives in react-query. */
import { create } from 'zustand';
import type { ToolCallRecord } from '../../src-shared/chat-types';

interface UiState {
  selectedChatId: string | null;
  showArchived: boolean;
  settingsOpen: boolean;
  /** Help: every shortcut, the version, the data folder, the docs (`?`). */
  helpOpen: boolean;
  /** A message to scroll to and mark once its chat shows (opened from "find across chats"). */
  foundMessageId: string | null;
  /** Opens a chat, scrolled to one of its messages when given. */
  openChatAt(chatId: string, messageId: string | null): void;
  /** A tool call chip the user opened. */
  openToolCall: ToolCallRecord | null;
  /** The reply whose context pack ("why this answer") is shown. */
  packMessageId: string | null;
  /** A new chat is being made: a message sent meanwhile waits for it and never goes to the chat still shown. */
  openingChat: boolean;
  setOpeningChat(v: boolean): void;
  /** Failed actions, shown as dismissible notices. */
  errors: { id: number; message: string }[];
  pushError(message: string): void;
  dismissError(id: number): void;
  selectChat(id: string | null): void;
  setShowArchived(v: boolean): void;
  setSettingsOpen(v: boolean): void;
  setHelpOpen(v: boolean): void;
  setOpenToolCall(c: ToolCallRecord | null): void;
  setPackMessageId(id: string | null): void;
}

export const useUi = create<UiState>((set) => ({
  selectedChatId: null,
  showArchived: false,
  settingsOpen: false,
  helpOpen: false,
  foundMessageId: null,
  openChatAt: (selectedChatId, foundMessageId) => set({ selectedChatId, foundMessageId }),
  openToolCall: null,
  packMessageId: null,
  openingChat: false,
  setOpeningChat: (openingChat) => set({ openingChat }),
  errors: [],
  pushError: (message) => set((s) => ({ errors: [...s.errors.slice(-3), { id: Date.now() + Math.random(), message }] })),
  dismissError: (id) => set((s) => ({ errors: s.errors.filter((e) => e.id !== id) })),
  selectChat: (selectedChatId) => set({ selectedChatId }),
  setShowArchived: (showArchived) => set({ showArchived }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setOpenToolCall: (openToolCall) => set({ openToolCall }),
  setPackMessageId: (packMessageId) => set({ packMessageId }),
}));
