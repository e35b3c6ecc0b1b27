/** The node panel's sentences about a memory: how sure Engram is now, why it does not decay, where it came from. */
import { decayAnchor, decayedConfidence, isProtected } from '../../../../src-shared/decay';
import type { MemoryNode } from '../../../../src-shared/memory-types';
import { sourceLabel } from '../store';

/** Confidence at `now`: a current fact decays unless it is protected; others keep what was stored. */
export function confidenceNow(node: MemoryNode, now: number): number {
  if (node.validUntil !== null || isProtected(node)) return node.confidence;
  return decayedConfidence(node.confidenceBase, node.decayRate, now - decayAnchor(node), node.stability);
}

/** Why a fact does not decay: confirmed in another app, written or corrected by the person, or confirmed. */
export function confirmedText(node: MemoryNode, corrected: boolean): string {
  if (typeof node.attributes.confirmed_by_client === 'string') return `confirmed in ${node.attributes.confirmed_by_client}`;
  if (node.sourceType === 'manual') return corrected ? 'confirmed · you corrected it' : 'confirmed · you added it';
  return 'confirmed';
}

/** Where a node came from; for another app's writes, which app (the name it gave when it connected). */
export function originText(node: MemoryNode): string {
  if (!node.sourceType) return 'unknown origin';
  const label = sourceLabel(node.sourceType);
  if (node.sourceType !== 'mcp') return label;
  // A fact names its app in the source role (attributes may be inherited from the version it corrected); an
  // episode's role is user/assistant, so its app is in the attributes.
  const client = node.type !== 'episodic' && node.sourceRole ? node.sourceRole : node.attributes.mcp_client;
  if (typeof client !== 'string') return label;
  return `from ${client} (MCP)`;
}

/** A write the chat model made (tools.ts tags it): whether the person said it in the chat or confirmed it. */
export function modelWriteText(node: MemoryNode): string | null {
  const describe = (tag: unknown, did: string): string | null => {
    if (!tag || typeof tag !== 'object' || Array.isArray(tag)) return null;
    const { model, approved } = tag as { model?: unknown; approved?: unknown };
    const who = typeof model === 'string' ? `the chat model (${model})` : 'the chat model';
    const how = approved === 'confirmed_by_person' ? 'you confirmed it' : 'from what you said in the chat';
    return `${did} by ${who} · ${how}`;
  };
  return describe(node.attributes.model_write, 'written') ?? describe(node.attributes.model_confirmed, 'confirmed');
}

/** Stability as a short multiplier ("12", "1.5"). */
export function formatStability(s: number): string {
  return s >= 10 ? Math.round(s).toString() : s.toFixed(1);
}
