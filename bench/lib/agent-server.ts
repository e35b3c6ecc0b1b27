/**
 * A scripted memory agent in its own process, so the consolidation benchmark's event-loop figure measures
 * Engram's main thread and not the fake model's JSON work. Prints {"baseURL"} on stdout, then serves
 * until killed. Extraction: one fact per user turn, with the people and places it names as entities;
 * resolution: every pair unrelated, except the same person moving to another place.
 */
import { PEOPLE, PLACES } from './chat-corpus';
import { startScriptedOpenAI } from '../../tests/helpers/scripted-openai-server';
import { memoryAgent } from '../../tests/helpers/scripted-memory-agent';

const places = PLACES.filter((p) => !p.startsWith('the '));

const server = await startScriptedOpenAI();
server.setDefault(
  '/v1/chat/completions',
  memoryAgent({
    usage: { prompt_tokens: 900, completion_tokens: 180 },
    extract: (episodes, known) => {
      const entities = new Map<string, { name: string; type: string; aliases: string[]; known_id: string | null; description: string | null }>();
      const facts = episodes
        .filter((e) => e.role === 'user')
        .map((e) => {
          const names = [
            ...PEOPLE.filter((n) => e.text.includes(n)).map((n) => ({ name: n, type: 'person' })),
            ...places.filter((n) => e.text.includes(n)).map((n) => ({ name: n, type: 'place' })),
          ];
          for (const n of names) {
            const k = known.find((x) => x.name === n.name);
            entities.set(n.name, { ...n, aliases: [], known_id: k?.ref ?? null, description: k ? null : `${n.name}, mentioned in conversation.` });
          }
          return {
            type: 'semantic',
            content: `User mentioned: ${e.text.slice(0, 200)}`,
            source_episodes: [e.ref],
            entities: names.map((n) => n.name),
            slot: null,
            basis: 'stated' as const,
          };
        });
      const because = episodes.findIndex((e) => /\bbecause\b/i.test(e.text));
      return {
        facts,
        entities: [...entities.values()],
        causal_links: because > 0 ? [{ cause: episodes[because]?.ref ?? 'E1', effect: episodes[because - 1]?.ref ?? 'E1', explanation: 'stated cause' }] : [],
      };
    },
  }),
);
process.stdout.write(`${JSON.stringify({ baseURL: server.baseURL })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
