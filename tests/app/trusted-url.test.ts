import { describe, expect, it } from 'vitest';
import { isTrustedRendererUrl } from '../../src-main/app/trusted-url';

describe('trusted renderer URLs', () => {
  it('in development, only the dev server origin itself', () => {
    const base = { devServerUrl: 'http://localhost:5173', rendererDirUrl: 'file:///app/out/renderer/' };
    expect(isTrustedRendererUrl('http://localhost:5173/', base)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5173/inspector?x=1', base)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:51730/', base)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173.evil.example/', base)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173@evil.example/', base)).toBe(false);
    expect(isTrustedRendererUrl('not a url', base)).toBe(false);
  });

  it('packaged, only files inside the renderer folder', () => {
    const base = { rendererDirUrl: 'file:///app/out/renderer/' };
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', base)).toBe(true);
    expect(isTrustedRendererUrl('file:///app/out/renderer-evil/index.html', base)).toBe(false);
    expect(isTrustedRendererUrl('file:///app/out/renderer/../../etc/passwd', base)).toBe(false);
    expect(isTrustedRendererUrl('https://app/out/renderer/index.html', base)).toBe(false);
  });
});
