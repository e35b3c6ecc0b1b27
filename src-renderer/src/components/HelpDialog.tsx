/**
 * Help (`?`, or Help in the sidebar): every keyboard shortcut, and About — the version, the data folder
 * holding this memory, and where the documentation is.
 */
import { useAppInfo } from '../api/hooks';
import { isBrowserMode } from '../api/transport';
import { SHORTCUTS } from '../keyboard';
import { Modal } from './Dialogs';

export function HelpDialog({ onClose }: { onClose: () => void }) {
  const info = useAppInfo();
  return (
    <Modal title="Help and keyboard shortcuts" onClose={onClose} wide testId="help-dialog">
      <section aria-labelledby="help-about" data-testid="help-about">
        <h3 id="help-about">About Engram</h3>
        <dl className="help-facts">
          <dt>Version</dt>
          <dd data-testid="help-version">{info.data ? `${info.data.version} (${info.data.mode === 'electron' ? 'desktop app' : 'browser mode'})` : '…'}</dd>
          <dt>Data folder</dt>
          <dd>
            <code data-testid="help-data-dir">{info.data?.dataDir ?? '…'}</code>
            <div className="muted small">Your whole memory is engram.db in this folder; the CLI, browser mode and MCP use the same one.</div>
          </dd>
          <dt>Documentation</dt>
          <dd>
            {isBrowserMode && (
              <>
                <a href="/docs/README.md" target="_blank" rel="noreferrer" data-testid="help-readme">
                  Read the README
                </a>
                {' — '}
              </>
            )}
            README.md (setup, configuration, the CLI, connecting other apps over MCP) and docs/ARCHITECTURE.md in Engram&apos;s source;{' '}
            <code>engram --help</code> lists the CLI&apos;s commands.{!isBrowserMode && ' In the desktop app, Help → Documentation opens it when it is on this computer.'}
          </dd>
        </dl>
      </section>
      {SHORTCUTS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3>{group.title}</h3>
          <table className="help-keys" data-testid="help-shortcuts">
            <tbody>
              {group.shortcuts.map((s) => (
                <tr key={`${s.keys.join('+')} ${s.does}`}>
                  <td className="help-keys-combo">
                    {s.keys.map((k, i) => (
                      <span key={`${k}${i}`}>
                        {i > 0 && (s.either ? ' ' : ' + ')}
                        <kbd>{k}</kbd>
                      </span>
                    ))}
                  </td>
                  <td>{s.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </Modal>
  );
}
