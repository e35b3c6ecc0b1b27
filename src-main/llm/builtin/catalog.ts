/**
 * Models the built-in provider offers to download. Every size and SHA-256 here comes from a source (cited per
 * entry); an entry whose hash could not be found is left out rather than guessed. Pure data plus the
 * recommendation, so the renderer can show the same list.
 */
export interface CatalogEntry {
  /** What settings and the CLI call it (`model pull ID`). */
  id: string;
  label: string;
  /** The file's name in the data folder's models/ (and on a mirror, see modelUrl). */
  file: string;
  bytes: number;
  /** Memory the model needs while it runs, with a 4k-token context. */
  ramBytes: number;
  licence: string;
  url: string;
  sha256: string;
  /** Machines with at least this much memory are offered it first. */
  recommendedFromRamBytes: number;
}

const GB = 1024 ** 3;

export const MODEL_CATALOG: readonly CatalogEntry[] = [
  {
    id: 'qwen2.5-1.5b-instruct',
    label: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    // Size and SHA-256 of the file at this pinned revision (its Git LFS pointer), as recorded in a public pinned
    // download script; source: https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/blob/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf
    bytes: 1_117_320_736,
    ramBytes: Math.round(2.2 * GB),
    licence: 'Apache-2.0',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
    recommendedFromRamBytes: 6 * GB,
  },
];

export function catalogEntry(id: string, catalog: readonly CatalogEntry[] = MODEL_CATALOG): CatalogEntry | undefined {
  return catalog.find((e) => e.id === id);
}

/**
 * Where to download an entry: its source, or `${ENGRAM_MODEL_BASE_URL}/${file}` when a mirror is set (an
 * offline install serves the files from a folder).
 */
export function modelUrl(entry: CatalogEntry, baseUrl: string | undefined): string {
  const base = baseUrl?.trim();
  return base ? `${base.replace(/\/+$/, '')}/${entry.file}` : entry.url;
}

/**
 * The largest model this machine runs comfortably: its memory must fit in half the RAM (a GPU takes the weights
 * off it, so then two thirds); null when none fits.
 */
export function recommendModel(machine: { totalRamBytes: number; hasGpu: boolean }, catalog: readonly CatalogEntry[] = MODEL_CATALOG): CatalogEntry | null {
  const budget = machine.totalRamBytes * (machine.hasGpu ? 2 / 3 : 1 / 2);
  const fitting = catalog.filter((e) => e.ramBytes <= budget && machine.totalRamBytes >= e.recommendedFromRamBytes);
  return fitting.sort((a, b) => b.bytes - a.bytes)[0] ?? null;
}
