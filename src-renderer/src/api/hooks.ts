/**
 * react-query hooks over the contract. Server state lives only here; pushed events keep it fresh:
 * chat.message / chat.delta update the cache in place, chat.sessions and memory.changed invalidate.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatSession } from '../../../src-shared/chat-types';
import type { CallInput, EventMap } from '../../../src-main/api/contract';
import { call } from './client';
import { bridge, isConnected, onConnectionChange } from './transport';
import { throttle } from './throttle';

/** memory.changed refreshes the memory views at most this often (the first change at once). */
const MEMORY_REFRESH_MS = 300;

export const keys = {
  info: ['app.info'] as const,
  settings: ['settings'] as const,
  chats: (archived: boolean) => ['chats', archived] as const,
  allChats: ['chats'] as const,
  messages: (chatId: string) => ['messages', chatId] as const,
  stream: (messageId: string) => ['stream', messageId] as const,
  memory: ['memory'] as const,
  contextPack: (messageId: string) => ['memory', 'pack', messageId] as const,
};

function upsertMessage(qc: QueryClient, message: ChatMessage): void {
  qc.setQueryData<ChatMessage[]>(keys.messages(message.chatId), (old) => {
    if (!old) return old;
    const i = old.findIndex((m) => m.id === message.id);
    if (i === -1) return [...old, message].sort((a, b) => a.seq - b.seq);
    const next = old.slice();
    next[i] = message;
    return next;
  });
}

/** Subscribes the cache to pushed events; mount once. */
/** What the desktop shell's menu asks the UI to do. */
export type UiCommand = EventMap['ui.command']['command'];

export function useLiveUpdates(onCommand: (command: UiCommand) => void): void {
  const qc = useQueryClient();
  useEffect(() => {
    const refreshMemory = throttle(() => void qc.invalidateQueries({ queryKey: keys.memory }), MEMORY_REFRESH_MS);
    const offs = [
      bridge.on('chat.delta', ({ messageId, delta }) => {
        qc.setQueryData<string>(keys.stream(messageId), (old) => (old ?? '') + delta);
      }),
      bridge.on('chat.message', (message) => {
        if (message.status === 'streaming') qc.setQueryData(keys.stream(message.id), message.content);
        upsertMessage(qc, message);
      }),
      bridge.on('chat.sessions', ({ chatId }) => {
        void qc.invalidateQueries({ queryKey: keys.allChats });
        if (chatId === '') void qc.invalidateQueries({ queryKey: ['messages'] });
      }),
      bridge.on('memory.changed', () => refreshMemory.call()),
      // An import or restore that finished refreshes every memory view (the graph, lists, stats) once more, even
      // where its last change event was folded into a refresh that ran before the end.
      bridge.on('data.progress', ({ operation, phase }) => {
        if (phase === 'done' && (operation === 'import' || operation === 'restore')) refreshMemory.call();
      }),
      bridge.on('ui.command', ({ command }) => onCommand(command)),
    ];
    return () => {
      offs.forEach((off) => off());
      // The effect re-subscribes when App re-renders: a refresh still waiting must run, not be dropped.
      refreshMemory.flush();
    };
  }, [qc, onCommand]);
}

export function useConnected(): boolean {
  const [connected, setConnected] = useState(isConnected());
  useEffect(() => {
    const off = onConnectionChange(setConnected);
    // The socket may have opened between the first render and this subscription.
    setConnected(isConnected());
    return off;
  }, []);
  return connected;
}

export const useAppInfo = () => useQuery({ queryKey: keys.info, queryFn: () => call('app.info', {}) });
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => call('settings.get', {}) });
export const useChats = (includeArchived: boolean) =>
  useQuery({ queryKey: keys.chats(includeArchived), queryFn: () => call('chat.list', { includeArchived }) });
/** How many of a chat's latest messages are shown at first, and added by each "Show earlier messages". */
export const MESSAGES_SHOWN = 200;
/** The latest `limit` messages; the key leaves the limit out so pushed updates find the list whatever its length. */
export const useMessages = (chatId: string | null, limit = MESSAGES_SHOWN) =>
  useQuery({
    queryKey: keys.messages(chatId ?? ''),
    queryFn: () => call('chat.messages', { chatId: chatId ?? '', limit }),
    enabled: chatId !== null,
  });
/** Text streamed so far for a reply; filled by chat.delta events, never fetched. */
export const useStreamText = (messageId: string) =>
  useQuery<string>({ queryKey: keys.stream(messageId), queryFn: () => '', enabled: false, initialData: '', staleTime: Infinity });
/** The counts behind each choice of the delete dialog; memory changes while it is open refresh them. */
export const useDeletePreview = (chatId: string) =>
  useQuery({ queryKey: [...keys.memory, 'delete-preview', chatId], queryFn: () => call('chat.deletePreview', { chatId }) });
export const useMemoryStats = () => useQuery({ queryKey: [...keys.memory, 'stats'], queryFn: () => call('memory.stats', {}) });
export const useContextPack = (messageId: string | null) =>
  useQuery({
    queryKey: keys.contextPack(messageId ?? ''),
    queryFn: () => call('chat.contextPack', { messageId: messageId ?? '' }),
    enabled: messageId !== null,
  });

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'settings.save'>) => call('settings.save', input),
    meta: { inlineError: true },
    onSuccess: (view) => {
      qc.setQueryData(keys.settings, view);
      void qc.invalidateQueries({ queryKey: keys.info });
    },
  });
}

export const useTestConnection = () =>
  useMutation({ mutationFn: (input: CallInput<'settings.testConnection'>) => call('settings.testConnection', input), meta: { inlineError: true } });

/** Memory spaces (Personal first), refreshed with the memory. */
export const useSpaces = () => useQuery({ queryKey: [...keys.memory, 'spaces'], queryFn: () => call('spaces.list', {}) });

export function useSpaceActions() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: keys.memory });
    void qc.invalidateQueries({ queryKey: keys.allChats });
  };
  return {
    create: useMutation({ mutationFn: (i: CallInput<'spaces.create'>) => call('spaces.create', i), meta: { inlineError: true }, onSuccess: refresh }),
    setChatSpace: useMutation({ mutationFn: (i: CallInput<'chat.setSpace'>) => call('chat.setSpace', i), onSuccess: refresh }),
    rename: useMutation({ mutationFn: (i: CallInput<'spaces.rename'>) => call('spaces.rename', i), meta: { inlineError: true }, onSuccess: refresh }),
    remove: useMutation({ mutationFn: (i: CallInput<'spaces.delete'>) => call('spaces.delete', i), meta: { inlineError: true }, onSuccess: refresh }),
  };
}

export function useChatActions() {
  const qc = useQueryClient();
  const refreshChats = () => void qc.invalidateQueries({ queryKey: keys.allChats });
  return {
    create: useMutation({
      mutationFn: () => call('chat.create', {}),
      onSuccess: (chat) => {
        // Show it at once, so selecting it never races the list's refetch.
        qc.setQueriesData<ChatSession[]>({ queryKey: keys.allChats }, (old) => (old && !old.some((c) => c.id === chat.id) ? [chat, ...old] : old));
        refreshChats();
      },
    }),
    rename: useMutation({ mutationFn: (i: CallInput<'chat.rename'>) => call('chat.rename', i), onSuccess: refreshChats }),
    archive: useMutation({ mutationFn: (i: CallInput<'chat.archive'>) => call('chat.archive', i), onSuccess: refreshChats }),
    remove: useMutation({
      mutationFn: (i: CallInput<'chat.delete'>) => call('chat.delete', i),
      meta: { inlineError: true },
      onSuccess: (_result, { chatId }) => {
        qc.removeQueries({ queryKey: keys.messages(chatId) });
        refreshChats();
        void qc.invalidateQueries({ queryKey: keys.memory });
      },
    }),
    setSwitches: useMutation({
      mutationFn: (i: CallInput<'chat.setSwitches'>) => call('chat.setSwitches', i),
      // Switches flip at once; a refused change is undone by the refetch. A list fetch already in flight would
      // answer with the old switches, so it is cancelled first.
      onMutate: async ({ chatId, ...patch }) => {
        await qc.cancelQueries({ queryKey: keys.allChats });
        qc.setQueriesData<ChatSession[]>({ queryKey: keys.allChats }, (old) => old?.map((c) => (c.id === chatId ? { ...c, ...patch } : c)));
      },
      onSettled: refreshChats,
    }),
    send: useMutation({
      mutationFn: (i: CallInput<'chat.send'>) => call('chat.send', i),
      meta: { inlineError: true },
      onSuccess: ({ userMessage, assistantMessage }) => {
        upsertMessage(qc, userMessage);
        // The reply may already have finished (memory-only answers are quick): never overwrite a newer state.
        const cached = qc.getQueryData<ChatMessage[]>(keys.messages(assistantMessage.chatId))?.find((m) => m.id === assistantMessage.id);
        if (!cached) upsertMessage(qc, assistantMessage);
        refreshChats();
      },
    }),
    stop: useMutation({ mutationFn: (messageId: string) => call('chat.stop', { messageId }) }),
    resolveToolCall: useMutation({
      mutationFn: (i: CallInput<'chat.resolveToolCall'>) => call('chat.resolveToolCall', i),
      meta: { inlineError: true },
      onSuccess: (m) => {
        upsertMessage(qc, m);
        void qc.invalidateQueries({ queryKey: keys.memory });
      },
    }),
    retry: useMutation({
      mutationFn: (messageId: string) => call('chat.retry', { messageId }),
      onSuccess: (m) => {
        qc.setQueryData(keys.stream(m.id), '');
      },
    }),
  };
}
