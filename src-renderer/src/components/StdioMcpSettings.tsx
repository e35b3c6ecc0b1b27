/**
 * Settings → Other apps, "Start Engram from another app": the stdio MCP command of this installation (the
 * installed app's own executable with --mcp, or the CLI from a checkout) to copy, and, on request, Engram's
 * entry written into Claude Desktop's, Claude Code's or Cursor's configuration after showing the exact change.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClientConfigPreview, ClientConfigWriteResult, McpClientId } from '../../../src-main/mcp/settings-schema';
import { quoteArg } from '../../../src-shared/command-line';
import { PERSONAL_SPACE_ID } from '../../../src-shared/spaces';
import { call, errorMessage } from '../api/client';
import { useSpaces } from '../api/hooks';

const CHANGE_TEXT: Record<ClientConfigPreview['change'], string> = {
  add: 'Adds an "engram" server',
  replace: 'Replaces the "engram" server that is there',
  unchanged: 'Engram is already set up there exactly like this; nothing to change',
};

function Preview({
  preview,
  allowWrites,
  space,
  onWritten,
  onCancel,
}: {
  preview: ClientConfigPreview;
  allowWrites: boolean;
  space: string | undefined;
  onWritten: (r: ClientConfigWriteResult) => void;
  onCancel: () => void;
}) {
  const write = useMutation({
    mutationFn: () => call('mcp.writeClientConfig', { client: preview.client, allowWrites, expectedHash: preview.hash, ...(space !== undefined ? { space } : {}) }),
    meta: { inlineError: true },
    onSuccess: onWritten,
  });
  return (
    <div className="stdio-preview" data-testid="mcp-client-preview">
      <p className="small">
        {CHANGE_TEXT[preview.change]} in <code>{preview.path}</code>
        {preview.hash === null ? ' (a new file)' : ''}.
        {preview.otherServers.length > 0 ? ` Kept as they are: ${preview.otherServers.join(', ')}.` : ''}
      </p>
      {preview.entryBefore !== null && preview.change === 'replace' && (
        <>
          <small className="muted">Now:</small>
          <pre>{preview.entryBefore}</pre>
        </>
      )}
      <small className="muted">{preview.change === 'unchanged' ? 'Entry:' : 'After:'}</small>
      <pre data-testid="mcp-client-entry">{preview.entryAfter}</pre>
      <div className="test-row">
        {preview.change !== 'unchanged' && (
          <button type="button" className="button button-primary" disabled={write.isPending} onClick={() => write.mutate()} data-testid="mcp-client-write">
            Write it (the file is backed up first)
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {preview.change === 'unchanged' ? 'Close' : 'Cancel'}
        </button>
      </div>
      {write.isError && (
        <div className="error-box" role="alert">
          {errorMessage(write.error)}
        </div>
      )}
    </div>
  );
}

export function StdioMcpSettings() {
  const info = useQuery({ queryKey: ['mcp.stdio'], queryFn: () => call('mcp.stdio', {}) });
  const [allowWrites, setAllowWrites] = useState(false);
  // The space's name (what `--space` takes); '' = Personal, which needs no switch.
  const [space, setSpace] = useState('');
  const spaces = useSpaces().data ?? [];
  const [written, setWritten] = useState<ClientConfigWriteResult | null>(null);
  const preview = useMutation({
    mutationFn: (request: { client: McpClientId; allowWrites: boolean; space?: string }) => call('mcp.previewClientConfig', request),
    meta: { inlineError: true },
    onMutate: () => setWritten(null),
  });
  const s = info.data;
  if (!s) return info.isError ? <div className="error-box">{errorMessage(info.error)}</div> : null;
  const command = `${s.commandLine}${allowWrites ? ' --allow-writes' : ''}${space ? ` --space ${quoteArg(space)}` : ''}`;
  const nameOf = (client: McpClientId): string => s.clients.find((c) => c.client === client)?.name ?? client;

  return (
    <div data-testid="mcp-stdio">
      <h4 style={{ margin: '14px 0 4px' }}>Start Engram from another app</h4>
      <small className="muted" style={{ display: 'block', marginBottom: 8 }}>
        Claude Desktop, Claude Code and Cursor can start Engram themselves, without this window, using this command. It uses the same memory.
      </small>
      <label className="field">
        <span>Command</span>
        <span className="test-row">
          <input readOnly value={command} spellCheck={false} style={{ flex: 1 }} data-testid="mcp-stdio-command" onFocus={(e) => e.target.select()} />
          <button type="button" className="button" onClick={() => void navigator.clipboard.writeText(command)}>
            Copy
          </button>
        </span>
      </label>
      <label className="check">
        <input type="checkbox" checked={allowWrites} onChange={(e) => setAllowWrites(e.target.checked)} data-testid="mcp-stdio-allow-writes" />
        Let that app change memory too (adds --allow-writes)
      </label>
      {spaces.length > 1 && (
        <label className="field field-narrow">
          <span>Memory space that app uses</span>
          <select value={space} onChange={(e) => setSpace(e.target.value)} data-testid="mcp-stdio-space">
            {spaces.map((sp) => (
              <option key={sp.id} value={sp.id === PERSONAL_SPACE_ID ? '' : sp.name}>
                {sp.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="test-row" style={{ margin: '8px 0' }}>
        {s.clients.map((c) => (
          <button
            key={c.client}
            type="button"
            className="button"
            title={c.path}
            disabled={preview.isPending}
            onClick={() => preview.mutate({ client: c.client, allowWrites, ...(space ? { space } : {}) })}
            data-testid={`mcp-client-${c.client}`}
          >
            Set up {c.name}…
          </button>
        ))}
      </div>
      {preview.isError && (
        <div className="error-box" role="alert" data-testid="mcp-client-error">
          {errorMessage(preview.error)}
        </div>
      )}
      {preview.data && preview.variables && !written && (
        <Preview preview={preview.data} allowWrites={preview.variables.allowWrites} space={preview.variables.space} onWritten={setWritten} onCancel={() => preview.reset()} />
      )}
      {written && (
        <p className="ok-text small" role="status" data-testid="mcp-client-written">
          {written.change === 'unchanged' ? 'Nothing to change in' : 'Wrote'} {written.path}
          {written.backup ? ` (the old file is kept as ${written.backup})` : ''}. Restart {nameOf(written.client)} to use Engram.
        </p>
      )}
    </div>
  );
}
