/**
 * Commits by other processes on the same file (the MCP stdio server, the CLI). SQLite's data_version moves
 * only on other connections' commits, so a look is one cheap pragma when nothing happened.
 */
import type { Database } from 'better-sqlite3';

export class ExternalWrites {
  private seen: number;

  constructor(private readonly db: Database) {
    this.seen = this.version();
  }

  private version(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /** Whether another connection committed since the last look. */
  happened(): boolean {
    const version = this.version();
    if (version === this.seen) return false;
    this.seen = version;
    return true;
  }
}
