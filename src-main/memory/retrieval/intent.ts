/**
 * Intent and complexity classification (ADR 008 §11.1, §11.5), behind small interfaces.
 * The embedding classifier reuses the query vector computed for vector search; when it is unsure
 * (below threshold) or has no vector, the keyword classifier answers.
 */
import { dot } from '../../../src-shared/vectors';
import type { EmbeddingProvider } from '../../embeddings/types';
import type { Complexity, Intent } from '../../../src-shared/retrieval-types';

export interface IntentClassifier {
  classify(query: string, queryEmbedding?: Float32Array | null): Intent;
}

export const INTENT_EXEMPLARS: Record<Exclude<Intent, 'general'>, string[]> = {
  why: [
    'why did this happen', 'what caused the failure', 'what is the reason', 'explain the cause',
    'what led to the decision', 'why did they quit',
    'почему это произошло', 'в чем причина', 'из-за чего', 'по какой причине',
  ],
  when: [
    'when did we discuss', 'what happened after', 'timeline of events', 'before the meeting',
    'what date was it', 'how long ago did it happen',
    'когда мы обсуждали', 'после встречи', 'хронология событий', 'в какой день',
  ],
  who: [
    'who is responsible', 'who said that', 'whose idea was it', 'who gave it to them',
    'кто отвечает за', 'чья это идея', 'кто сказал', 'кто подарил',
  ],
  what: [
    'what do you know about', 'tell me everything about', 'what is the status', 'which project',
    'что ты знаешь о', 'расскажи всё о', 'какой статус', 'какой проект',
  ],
};

const KEYWORD_RULES: [Exclude<Intent, 'general'>, RegExp][] = [
  ['why', /\b(why|cause|caused|reason|because|led to|resulted in)\b|почему|зачем|причин|из-за/iu],
  ['when', /\b(when|after|before|during|timeline|sequence|what date|what time|how long ago)\b|когда|после|до того|хронолог|в какой день/iu],
  ['who', /\b(who|whom|whose)\b|(^|\s)(кто|кого|кому|чей|чья|чьё|чьи)(\s|$|[?,.!])/iu],
  // "Where do I live now?" asks for a place (a current value), not for a time: "now" is no "when".
  ['what', /\b(what|which|where|everything about|tell me about)\b|(^|\s)(что|какой|какая|какие|расскажи|где|куда|откуда)(\s|$|[?,.!])/iu],
];

/** Regex fallback, English and Russian. */
export class KeywordIntentClassifier implements IntentClassifier {
  classify(query: string): Intent {
    const q = query.trim();
    for (const [intent, re] of KEYWORD_RULES) if (re.test(q)) return intent;
    return 'general';
  }
}

/** Cosine similarity against pre-embedded exemplars (vectors are unit length, so a dot product). */
export class EmbeddingIntentClassifier implements IntentClassifier {
  private exemplars: { intent: Exclude<Intent, 'general'>; vector: Float32Array }[] = [];

  constructor(
    private readonly threshold = 0.45,
    private readonly fallback: IntentClassifier = new KeywordIntentClassifier(),
  ) {}

  /**
   * Embed the exemplars once. Until this has run (or if it failed) the fallback answers. A lexical embedder
   * (offline hashing) weighs question words near zero, so its vectors cannot tell "why" from "what": there
   * the keywords decide and the exemplars only answer when no keyword matched.
   */
  private keywordsFirst = false;

  async initialize(embedder: EmbeddingProvider): Promise<void> {
    this.keywordsFirst = embedder.kind === 'lexical';
    const entries = Object.entries(INTENT_EXEMPLARS).flatMap(([intent, texts]) =>
      texts.map((text) => ({ intent: intent as Exclude<Intent, 'general'>, text })),
    );
    const vectors = await embedder.embedBatch(entries.map((e) => e.text));
    this.exemplars = entries.map((e, i) => ({ intent: e.intent, vector: vectors[i] as Float32Array }));
  }

  get ready(): boolean {
    return this.exemplars.length > 0;
  }

  classify(query: string, queryEmbedding?: Float32Array | null): Intent {
    if (this.keywordsFirst) {
      const byKeyword = this.fallback.classify(query);
      if (byKeyword !== 'general') return byKeyword;
    }
    if (!queryEmbedding || this.exemplars.length === 0 || queryEmbedding.length !== this.exemplars[0]?.vector.length) {
      return this.fallback.classify(query);
    }
    let best: Intent = 'general';
    let bestScore = 0;
    for (const e of this.exemplars) {
      const s = dot(queryEmbedding, e.vector);
      if (s > bestScore) {
        bestScore = s;
        best = e.intent;
      }
    }
    return bestScore >= this.threshold ? best : this.fallback.classify(query);
  }
}

const AGGREGATE = /\b(compare|summari[sz]e|everything|all|overview|list)\b|сравни|всё|все|обзор|итог/iu;
const CONJUNCTION = /\b(and|or|but)\b|(^|\s)(и|или|но|а)(\s|$)/giu;

export function classifyComplexity(query: string): Complexity {
  const words = query.trim().split(/\s+/).filter(Boolean).length;
  const conjunctions = query.match(CONJUNCTION)?.length ?? 0;
  return words >= 10 || AGGREGATE.test(query) || conjunctions >= 2 ? 'complex' : 'simple';
}

export interface AdaptiveParams {
  tokenBudget: number;
  limit: number;
  graphDepth: number;
}

/**
 * A complex question's pack gets 1500 tokens, not the ADR's 2000: with turns chosen by the budget, the last 400
 * bought 0.4 points of pack recall on the tidy fixtures (0.847 → 0.843 at 1600) for a fifth more prompt. At 1600 a
 * pack's mean rose with the share of complex questions (long chats, mostly complex: 1,475 tokens); at 1500 it stays
 * within issue 24's 1,500 whatever the mix. Session 35: pack recall long chats 0.799 → 0.785 at 1,475 → 1,403 tokens,
 * tidy 0.919 → 0.916 at 1,309 → 1,276, short chats and Russian unchanged (1450: 0.779 / 0.914).
 */
export function adaptiveParams(complexity: Complexity): AdaptiveParams {
  return complexity === 'simple' ? { tokenBudget: 1200, limit: 5, graphDepth: 2 } : { tokenBudget: 1500, limit: 20, graphDepth: 4 };
}
