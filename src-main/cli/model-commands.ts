/**
 * `engram model list|pull|rm`: the built-in provider's models in the data folder's models/. Downloads happen
 * only here (or on a click in Settings); progress goes to stderr, failures exit non-zero.
 */
import { totalmem } from 'node:os';
import { MODEL_CATALOG, catalogEntry, recommendModel } from '../llm/builtin/catalog';
import { DownloadError, ModelDownloader, formatBytes } from '../llm/builtin/download';
import { modelsDirOf } from '../llm/builtin/registry';

export interface ModelCommandIo {
  out(text: string): void;
  err(text: string): void;
  json: boolean;
  env: NodeJS.ProcessEnv;
}

export { modelsDirOf };

export async function modelCommand(dataDir: string, args: string[], io: ModelCommandIo): Promise<number> {
  const [sub, name] = args;
  const downloader = new ModelDownloader({ modelsDir: modelsDirOf(dataDir), baseUrl: io.env.ENGRAM_MODEL_BASE_URL });
  if (sub === 'list') {
    // The CLI does not load llama.cpp to probe for a GPU: the recommendation here is from memory alone.
    const recommended = recommendModel({ totalRamBytes: totalmem(), hasGpu: false });
    const models = MODEL_CATALOG.map((e) => ({
      id: e.id,
      label: e.label,
      bytes: e.bytes,
      ram_bytes: e.ramBytes,
      licence: e.licence,
      url: e.url,
      sha256: e.sha256,
      installed: downloader.isInstalled(e),
      partial_bytes: downloader.partialBytes(e),
      recommended: recommended?.id === e.id,
    }));
    if (io.json) io.out(JSON.stringify({ models_dir: modelsDirOf(dataDir), recommended: recommended?.id ?? null, models }));
    else {
      for (const m of models) {
        const marks = [m.installed ? 'installed' : m.partial_bytes ? `partial ${formatBytes(m.partial_bytes)}` : '', m.recommended ? 'recommended' : ''].filter(Boolean).join(', ');
        io.out(`${m.id}  ${m.label}  ${formatBytes(m.bytes)} download, ~${formatBytes(m.ram_bytes)} RAM, ${m.licence}${marks ? `  [${marks}]` : ''}`);
      }
      if (!recommended) io.out('No catalog model fits this computer comfortably; consider Ollama or a hosted provider.');
    }
    return 0;
  }
  if (sub !== 'pull' && sub !== 'rm') {
    io.err('usage: engram model list [--json] | model pull NAME | model rm NAME\n');
    return 2;
  }
  const entry = name ? catalogEntry(name) : undefined;
  if (!entry) {
    io.err(`${name ? `Unknown model "${name}"` : 'Missing NAME'}. Models: ${MODEL_CATALOG.map((e) => e.id).join(', ')}\n`);
    return 2;
  }
  if (sub === 'rm') {
    if (!downloader.remove(entry)) {
      io.err(`${entry.id} is not downloaded.\n`);
      return 1;
    }
    io.out(io.json ? JSON.stringify({ removed: entry.id }) : `Removed ${entry.id}.`);
    return 0;
  }
  try {
    const path = await downloader.download(entry, (p) => {
      const pct = Math.floor((p.receivedBytes / p.totalBytes) * 100);
      const speed = p.bytesPerSecond ? `, ${formatBytes(p.bytesPerSecond)}/s` : '';
      const left = p.secondsLeft !== null && p.state === 'downloading' ? `, ${p.secondsLeft} s left` : '';
      io.err(`${p.state === 'verifying' ? 'verifying SHA-256' : p.state === 'done' ? 'done' : `${pct}% of ${formatBytes(p.totalBytes)}${speed}${left}`}\n`);
    });
    io.out(io.json ? JSON.stringify({ pulled: entry.id, path }) : `Downloaded ${entry.id} to ${path} (SHA-256 verified).`);
    return 0;
  } catch (err) {
    io.err(`${err instanceof DownloadError ? err.message : `The download failed: ${err instanceof Error ? err.message : String(err)}`}\n`);
    return 1;
  }
}
