/**
 * Which rows of a JSON export belong to one space (`export --space NAME`): the space itself, its nodes, memory sessions and
 * chats, with what hangs on them (edges between its nodes, their entity links, the entities they link,
 * messages and packs of its chats, proposals made in it or resting on its memories). Facts of another space marked everywhere stay with their own space;
 * settings and the write path's run log are not part of a space. Tables are read in SNAPSHOT_TABLES order
 * (nodes first), so what a later table depends on is known when it is read.
 */
import type { SnapshotReader, SnapshotRow } from '../../memory';

export class SpaceExportFilter {
  private readonly nodes = new Set<string>();
  private readonly chats = new Set<string>();
  private readonly sessions = new Set<string>();
  private entities: Set<string> | null = null;

  constructor(
    private readonly spaceId: string,
    private readonly reader: SnapshotReader,
  ) {}

  keep(table: string, row: SnapshotRow): boolean {
    const id = String(row.id ?? '');
    switch (table) {
      case 'spaces':
        return id === this.spaceId;
      case 'nodes':
        if (row.space_id !== this.spaceId) return false;
        this.nodes.add(id);
        return true;
      case 'entities':
        return this.linkedEntities().has(id);
      case 'edges':
        return this.nodes.has(String(row.source_id)) && this.nodes.has(String(row.target_id));
      case 'node_entities':
        return this.nodes.has(String(row.node_id));
      case 'memory_sessions':
        if (row.space_id !== this.spaceId) return false;
        this.sessions.add(id);
        return true;
      case 'chat_sessions':
        if (row.space_id !== this.spaceId) return false;
        this.chats.add(id);
        return true;
      case 'chat_messages':
      case 'chat_context_packs':
        return this.chats.has(String(row.chat_id));
      case 'memory_proposals':
        return this.proposalBelongs(row);
      default:
        return false;
    }
  }

  keepVector(kind: 'nodes' | 'entities', id: string): boolean {
    return kind === 'nodes' ? this.nodes.has(id) : this.linkedEntities().has(id);
  }

  /**
   * A proposal goes with the space when it was made in one of its conversations or rests on its memories —
   * and only when everything it would write into is exported with it (an import refuses it otherwise).
   */
  private proposalBelongs(row: SnapshotRow): boolean {
    const ids = (text: unknown): string[] => JSON.parse(String(text ?? '[]')) as string[];
    const evidence = ids(row.evidence);
    const target = row.supersedes_id == null ? null : String(row.supersedes_id);
    const inSpace = (row.session_id != null && this.sessions.has(String(row.session_id))) || evidence.some((id) => this.nodes.has(id)) || (target !== null && this.nodes.has(target));
    return inSpace && evidence.every((id) => this.nodes.has(id)) && (target === null || this.nodes.has(target));
  }

  /** Entities linked to the space's nodes (one pass over the links, after the nodes were read). */
  private linkedEntities(): Set<string> {
    if (this.entities) return this.entities;
    const found = new Set<string>();
    for (const link of this.reader.rows('node_entities')) if (this.nodes.has(String(link.node_id))) found.add(String(link.entity_id));
    return (this.entities = found);
  }
}
