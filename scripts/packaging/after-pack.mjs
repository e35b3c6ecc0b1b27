// electron-builder's afterPack hook. electron-builder's own native rebuild (npmRebuild) would rebuild
// better-sqlite3-multiple-ciphers in place in node_modules, breaking the Node build that tests, the CLI and browser mode use;
// so it is off (electron-builder.json) and the packaged copy gets the Electron build from the same versioned
// folder `npm start` uses (built there once if needed). Then the package is checked for what the app loads at
// run time: the binding and sqlite-vec's extension in app.asar.unpacked, the word vectors in resources/.
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BINDING_FILE, ensureElectronSqliteBinding } from '../desktop/native-modules.mjs';

/** builder-util's Arch enum, by number. */
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

/** Where an unpacked app keeps its resources (electron-builder's layout per platform). */
export function packagedResourcesDir({ appOutDir, electronPlatformName, productFilename }) {
  return electronPlatformName === 'darwin' || electronPlatformName === 'mas'
    ? join(appOutDir, `${productFilename}.app`, 'Contents', 'Resources')
    : join(appOutDir, 'resources');
}

export async function afterPack(context, options = {}) {
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  const arch = typeof context.arch === 'number' ? ARCH_NAMES[context.arch] : context.arch;
  // A universal macOS app is merged from the x64 and arm64 packs, each of which came through here.
  if (arch === 'universal') return;
  if (platform !== process.platform) {
    throw new Error(
      `Engram's installers for ${platform} are built on ${platform}: better-sqlite3-multiple-ciphers is compiled for the target system ` +
        `(this is ${process.platform}). Run \`npm run dist\` there.`,
    );
  }
  const root = context.packager.projectDir;
  const electronVersion =
    context.packager.config.electronVersion ?? JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const built = await ensureElectronSqliteBinding({ root, electronVersion, platform, arch, ...options });
  if (!built.ok) throw new Error(built.message);

  const resources = packagedResourcesDir({ ...context, electronPlatformName: platform, productFilename: context.packager.appInfo.productFilename });
  const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
  const target = join(unpacked, 'better-sqlite3-multiple-ciphers', 'build', 'Release', BINDING_FILE);
  if (!existsSync(target)) throw new Error(`asarUnpack left out better-sqlite3-multiple-ciphers's binding: ${target} is missing`);
  copyFileSync(built.binding, target);

  const vecPackage = join(unpacked, `sqlite-vec-${platform === 'win32' ? 'windows' : platform}-${arch}`);
  if (!existsSync(vecPackage) || !readdirSync(vecPackage).some((f) => f.startsWith('vec0.'))) {
    throw new Error(`sqlite-vec's extension is not in the package (expected in ${vecPackage})`);
  }
  const vectors = join(resources, 'word-vectors', 'glove-100d-en.bin');
  if (!existsSync(vectors)) throw new Error(`the word vectors are not in the package (expected ${vectors})`);
  console.log(`  • Engram: better-sqlite3-multiple-ciphers for Electron ${electronVersion} (${platform}-${arch}), sqlite-vec and word vectors in place`);
}

export default afterPack;
