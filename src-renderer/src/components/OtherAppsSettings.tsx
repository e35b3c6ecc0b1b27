/**
 * Settings → "Let other apps use Engram's memory": the MCP endpoint of the running app. Changes apply at once
 * (not on Save): the switch, whether other apps may change memory, the port, a new token. Shows the address,
 * the token and a ready-made client configuration to copy, and which apps are connected now.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../../src-main/api/contract';
import type { McpStatus } from '../../../src-main/mcp/settings-schema';
import { call, errorMessage } from '../api/client';
import { useSpaces } from '../api/hooks';
import { StdioMcpSettings } from './StdioMcpSettings';

const MCP_KEY = ['mcp'] as const;

/** Connected apps come and go: refresh while the dialog is open. */
const useMcpStatus = () => useQuery({ queryKey: MCP_KEY, queryFn: () => call('mcp.status', {}), refetchInterval: 3_000 });

function useConfigureMcp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'mcp.configure'>) => call('mcp.configure', input),
    meta: { inlineError: true },
    // A status poll already in flight would answer with the old switches and undo the optimistic ones.
    onMutate: async ({ enabled, allowWrites }) => {
      await qc.cancelQueries({ queryKey: MCP_KEY });
      qc.setQueryData<McpStatus>(MCP_KEY, (old) =>
        old ? { ...old, ...(enabled !== undefined ? { enabled } : {}), ...(allowWrites !== undefined ? { allowWrites } : {}) } : old,
      );
    },
    onSuccess: (status) => qc.setQueryData(MCP_KEY, status),
    onError: () => void qc.invalidateQueries({ queryKey: MCP_KEY }),
  });
}

/** The JSON an app like Cursor takes for an HTTP MCP server (mcpServers → engram). */
export const clientConfig = (s: McpStatus): string =>
  JSON.stringify({ mcpServers: { engram: { url: s.url, headers: { [s.tokenHeader]: s.token } } } }, null, 2);

function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      data-testid={testId}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

export function OtherAppsSettings() {
  const status = useMcpStatus();
  const configure = useConfigureMcp();
  const [port, setPort] = useState<string | null>(null);
  // The switch the person just flipped shows its new state in the same frame; onMutate runs a tick later.
  const [flipped, setFlipped] = useState<{ enabled?: boolean; allowWrites?: boolean }>({});
  const flip = (change: { enabled: boolean } | { allowWrites: boolean }) => {
    setFlipped(change);
    configure.mutate(change, { onSettled: () => setFlipped({}) });
  };
  const s = status.data;
  const spaces = useSpaces().data ?? [];

  return (
    <fieldset data-testid="mcp-settings">
      <legend>Other apps</legend>
      {!s ? (
        status.isError ? <div className="error-box">{errorMessage(status.error)}</div> : <p className="muted">Loading…</p>
      ) : (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={flipped.enabled ?? s.enabled}
              disabled={configure.isPending}
              onChange={(e) => flip({ enabled: e.target.checked })}
              data-testid="mcp-enabled"
            />
            Let other apps use Engram&apos;s memory
          </label>
          <small className="muted" style={{ display: 'block', margin: '4px 0 10px' }}>
            Apps that speak MCP (Cursor, Claude Code, other agents) can search what Engram remembers while it runs. Only this computer can
            connect, and only with the token. Changes here apply at once.
          </small>
          {(flipped.enabled ?? s.enabled) && (
            <>
              {s.error ? (
                <div className="error-box" role="alert" data-testid="mcp-error">
                  {s.error}
                </div>
              ) : (
                <p className="ok-text small" role="status" data-testid="mcp-running">
                  {s.running ? `On. ${s.clients.length > 0 ? `Connected now: ${s.clients.join(', ')}.` : 'No app connected yet.'}` : 'Starting…'}
                </p>
              )}
              <label className="field">
                <span>Address</span>
                <span className="test-row">
                  <input readOnly value={s.url} spellCheck={false} style={{ flex: 1 }} data-testid="mcp-url" onFocus={(e) => e.target.select()} />
                  <CopyButton text={s.url} label="Copy" testId="mcp-copy-url" />
                </span>
              </label>
              <label className="field">
                <span>
                  Token <span className="muted">(sent in the {s.tokenHeader} header or as Authorization: Bearer; never in the URL)</span>
                </span>
                <span className="test-row">
                  <input readOnly value={s.token} spellCheck={false} style={{ flex: 1 }} data-testid="mcp-token" onFocus={(e) => e.target.select()} />
                  <CopyButton text={s.token} label="Copy" testId="mcp-copy-token" />
                  <button
                    type="button"
                    className="button"
                    onClick={() => configure.mutate({ regenerateToken: true })}
                    title="Apps using the old token are disconnected"
                    data-testid="mcp-new-token"
                  >
                    New token
                  </button>
                </span>
              </label>
              <div className="test-row" style={{ marginBottom: 12 }}>
                <CopyButton text={clientConfig(s)} label="Copy configuration for Cursor" testId="mcp-copy-config" />
                <small className="muted">Paste into ~/.cursor/mcp.json (or your app&apos;s MCP settings) and restart the app.</small>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={flipped.allowWrites ?? s.allowWrites}
                  disabled={configure.isPending}
                  onChange={(e) => flip({ allowWrites: e.target.checked })}
                  data-testid="mcp-allow-writes"
                />
                Allow them to change memory (save, correct and confirm facts, record conversations)
              </label>
              <small className="muted" style={{ display: 'block', margin: '4px 0 10px' }}>
                What they save is marked with the app&apos;s name; the inspector&apos;s “Other apps (MCP)” filter shows it, and you can undo it
                like any edit.
              </small>
              {(spaces.length > 1 || (spaces.length > 0 && !spaces.some((sp) => sp.id === s.spaceId))) && (
                <label className="field field-narrow">
                  <span>Memory space they use</span>
                  <select
                    value={s.spaceId}
                    disabled={configure.isPending}
                    onChange={(e) => configure.mutate({ spaceId: e.target.value })}
                    data-testid="mcp-space"
                  >
                    {!spaces.some((sp) => sp.id === s.spaceId) && <option value={s.spaceId}>(a deleted space)</option>}
                    {spaces.map((sp) => (
                      <option key={sp.id} value={sp.id}>
                        {sp.name}
                      </option>
                    ))}
                  </select>
                  {spaces.some((sp) => sp.id === s.spaceId) ? (
                    <small className="muted">They read and write only this space, plus facts you marked everywhere.</small>
                  ) : (
                    <small className="error-text" role="alert" data-testid="mcp-space-deleted">
                      The space they used was deleted, so they find nothing: choose a space for them.
                    </small>
                  )}
                </label>
              )}
              <label className="field field-narrow">
                <span>Port</span>
                <span className="with-unit">
                  <input
                    type="number"
                    min={1024}
                    max={65535}
                    value={port ?? String(s.port)}
                    onChange={(e) => setPort(e.target.value)}
                    data-testid="mcp-port"
                  />
                  <button
                    type="button"
                    className="button"
                    disabled={port === null || Number(port) === s.port}
                    onClick={() => configure.mutate({ port: Number(port) }, { onSuccess: () => setPort(null) })}
                  >
                    Use this port
                  </button>
                </span>
              </label>
            </>
          )}
          {configure.isError && (
            <div className="error-box" role="alert">
              {errorMessage(configure.error)}
            </div>
          )}
        </>
      )}
      <StdioMcpSettings />
    </fieldset>
  );
}
