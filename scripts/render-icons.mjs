#!/usr/bin/env node
// Renders resources/icon.svg into what electron-builder needs, in resources/build/ (its buildResources):
//   icon.png (1024, Linux and the fallback), icons/<N>x<N>.png (Linux hicolor sizes), icon.icns (macOS),
//   icon.ico (Windows, 16–256). `node scripts/render-icons.mjs [--check]`: --check renders in memory and
//   exits 1 if a committed file differs (a test runs it), so the icons never drift from the SVG.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ICON_SVG = join(root, 'resources', 'icon.svg');
export const BUILD_RESOURCES = join(root, 'resources', 'build');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

function renderPng(svg, size) {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng());
}

/** Every output file (absolute path → bytes), rendered from the SVG. */
export function renderIcons(svg = readFileSync(ICON_SVG, 'utf8')) {
  const big = renderPng(svg, 1024);
  const files = new Map([[join(BUILD_RESOURCES, 'icon.png'), big]]);
  for (const size of LINUX_SIZES) files.set(join(BUILD_RESOURCES, 'icons', `${size}x${size}.png`), renderPng(svg, size));
  const icns = png2icons.createICNS(big, png2icons.BICUBIC, 0);
  // PNG-compressed entries, BMP for the small sizes Windows Explorer reads from an .exe.
  const ico = png2icons.createICO(renderPng(svg, 256), png2icons.BICUBIC, 0, false, true);
  if (!icns || !ico) throw new Error('png2icons could not build the .icns/.ico');
  files.set(join(BUILD_RESOURCES, 'icon.icns'), icns);
  files.set(join(BUILD_RESOURCES, 'icon.ico'), ico);
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [path, bytes] of renderIcons()) {
    if (check) {
      if (!existsSync(path) || !readFileSync(path).equals(bytes)) stale.push(relative(root, path));
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    console.log(`${relative(root, path)}  ${bytes.length} bytes`);
  }
  if (stale.length > 0) {
    console.log(`out of date with resources/icon.svg: ${stale.join(', ')}\nrun: node scripts/render-icons.mjs`);
    process.exit(1);
  }
  if (check) console.log('icons match resources/icon.svg');
}
