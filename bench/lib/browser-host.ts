import type { ChildProcess } from 'node:child_process';

/** The URL (with its token) that browser mode prints when it is ready. */
export function printedUrl(child: ChildProcess, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), timeoutMs);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}
