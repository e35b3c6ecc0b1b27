/** Read-path tuning (ADR 008 §11.2, §16). Every knob has a default; callers override what they need. */
import type { Intent, StrategyName } from '../../../src-shared/retrieval-types';

export interface RetrievalConfig {
  /** RRF constant k; lower values amplify differences between top ranks. */
  rrfK: number;
  /** Base weight per strategy (rrf_weight_fts, rrf_weight_vector, rrf_weight_graph…). */
  weights: Record<StrategyName, number>;
  /** Extra weight on the intent's primary strategy (§11.2 routing). */
  primaryBoost: number;
  /** Cosine threshold of the embedding intent classifier. */
  intentThreshold: number;
  /** Candidates each list strategy returns before fusion. */
  candidates: number;
  /** Seeds that graph strategies expand from. */
  seeds: number;
  /** MMR trade-off (1 = relevance only); null disables the diversity pass. */
  mmrLambda: number | null;
  /** Vector weight when the embedder is lexical (offline hashing): it mostly repeats what BM25 found. */
  lexicalVectorWeight: number;
  /** From this many vectors on, candidates come from the binary-code index (exact KNN below it). */
  codeIndexMinNodes: number;
  /** Code-index candidates re-ranked by exact cosine (each is a vec0 point lookup, ~30 µs). */
  codeIndexRerank: number;
  /** From this many documents on, frequent query terms only match in pairs and BM25's work is bounded. */
  boundedFtsFromDocs: number;
  /**
   * On such a memory, the matches BM25 scores per query (see FtsQuery): FTS5 scores every match before it
   * sorts, at a few µs each, so a name said in 20,000 turns would cost ~100 ms. It is also the most documents
   * a term may be in and still be OR-ed alone.
   */
  ftsRecentMatches: number;
  /** Share of a hit's score its burst-mates (same speaker, back to back: bursts.ts) rank with; 0 = off. */
  burstShare: number;
  /** Best BM25 hits whose bursts are read. */
  burstSeeds: number;
  /** Share of a best hit's score the answer to a question asked about it ranks with (answers.ts); 0 = off. */
  answerShare: number;
  /** Short turns weigh less as evidence (brevity.ts): full weight from this many distinct content words; 0 = off. */
  brevityWords: number;
  /** How steeply a shorter turn's weight falls: (words / brevityWords)^brevityExponent. */
  brevityExponent: number;
  /** A query asking for a current value lifts the newest turn in contention by this much (recency.ts); 0 = off. */
  currentLift: number;
  /** Context packs leave out facts and turns scored below this share of the pack's best item (pack-floor.ts). */
  packFloor: number;
  /** A "when" question lifts the turns in contention that say a time by this much (dated-turns.ts); 0 = off. */
  datedTurnLift: number;
  /** A "how many / how much" question lifts the turns in contention that say an amount by this much (answer-kinds.ts); 0 = off. */
  amountTurnLift: number;
  /** A "why" question lifts the turns in contention that give a reason by this much (answer-kinds.ts); 0 = off. */
  reasonTurnLift: number;
  /** A "where" question lifts the turns in contention that name a place by this much (answer-kinds.ts); 0 = off. */
  /** "Who …?", "what's the name of …": the lift of a turn that names someone (answer-kinds.ts). */
  nameTurnLift: number;
  placeTurnLift: number;
  /** A question word counts as said by a turn word this near in the word vectors (synonyms.ts). */
  synonymThreshold: number;
  /** "Where do I live?" lifts the facts that hold the person's residence by this much (slot-questions.ts); 0 = off. */
  slotQuestionLift: number;
  /** A question naming a transcript's speaker lifts the turns they said by this much (named-speaker.ts); 0 = off. */
  namedSpeakerLift: number;
  /** Best fused hits whose shared words are searched for again (feedback.ts). */
  feedbackSeeds: number;
  /** Shared words searched for, at most (the rarest first). */
  feedbackTerms: number;
  /** Of the seeds, how many must say a word for it to count. */
  feedbackMinSeeds: number;
  /** A shared word in more documents than this is left out: a poor clue, and its matches cost the most to score. */
  feedbackMaxDocs: number;
}

export const DEFAULT_RETRIEVAL_CONFIG: RetrievalConfig = {
  // Tuned on tests/fixtures/recall (long multi-session chats): k = 30 and neighbourhood 0.5 beat the
  // ADR defaults. A word-level embedder's vectors (offline-words: GloVe + hashing) at full weight cost recall; at
  // 0.3 they add what BM25 misses (0.25: 0.627, 0.3: 0.63, 0.4: 0.621 R@10 on the English fixtures).
  rrfK: 30,
  // The temporal walk (the turns next to the best hits; "when" questions only) weighs only its primary boost, 0.5: at
  // 1.0 its neighbours outranked the hits themselves ("Ines: thursday" next to "second date?" topped "When did Marco
  // and Katharina get engaged?"). Session 30: R@10 long chats 0.509 → 0.516 (temporal 0.516 → 0.547; @20 0.642 →
  // 0.629), tidy 0.765 (@5 0.664 → 0.673), short chats 0.856 (@5 0.63 → 0.652), Russian unchanged; pack recall
  // unchanged but long chats 0.792 → 0.798. Off altogether: tidy 0.772 but short chats 0.844, Russian @5 0.675 → 0.623.
  // `topics` (life-topics.ts; only for a question that names a life topic; scored among the turns found), session
  // 33: R@10 long chats 0.516 → 0.538 (multi-hop 0.402 → 0.458, inference 0.323 → 0.359; @20 0.629 → 0.636), tidy
  // 0.765 → 0.773, short chats 0.856 → 0.844 (one inference question's turn), Russian unchanged; pack recall tidy
  // 0.909 → 0.913, long 0.798 → 0.795. Weight 0.2: long 0.521; 0.3: 0.533; 0.6: 0.534 (single-hop and temporal lower).
  // `feedback` (feedback.ts: the words the best hits share, searched for), session 35, R@10 (@5 / @20) before → after:
  // long chats 0.557 → 0.588 (single-hop 0.75 → 0.788, temporal 0.547 → 0.609, multi-hop 0.492 → 0.501, inference 0.344
  // → 0.359; @5 0.414 → 0.424, @20 0.653 → 0.647), tidy 0.786 → 0.799 (@5 0.664 → 0.686), short chats 0.856 unchanged,
  // Russian 0.781 → 0.833 (@5 0.728 → 0.675); pack recall tidy 0.917 → 0.919, the rest unchanged. Weight 0.4: the same
  // but long @5 0.411; 0.2 (candidates only): long 0.568. Seeds 4: long 0.577; 6: 0.564. Scoring only the turns already
  // found by the shared words' idf, not BM25 over the index: long 0.572, tidy 0.788.
  weights: { fts: 1.0, vector: 1.0, entity: 1.0, temporal: 0.0, causal: 1.0, neighbourhood: 0.5, provenance: 1.0, synonyms: 0.5, topics: 0.45, feedback: 0.3 },
  primaryBoost: 0.5,
  intentThreshold: 0.45,
  candidates: 100,
  seeds: 8,
  mmrLambda: null,
  lexicalVectorWeight: 0.3,
  // sqlite-vec's brute-force scan costs ~4.5 ms per 10k vectors here; the code index (~0.5 ms scan plus
  // 64 exact re-ranks at ~30 µs) is cheaper from a few thousand vectors on.
  codeIndexMinNodes: 5_000,
  codeIndexRerank: 64,
  boundedFtsFromDocs: 20_000,
  ftsRecentMatches: 2_000,
  // Messaging-style fixtures (tests/fixtures/messaging): bursts at 0.5 of the best 5 hits lift R@10 0.744 →
  // 0.769 (at 0.9 a burst's "lol"s crowd out other answers: 0.702); tidy dialogue alternates speakers, unchanged.
  burstShare: 0.5,
  burstSeeds: 5,
  // The same speaker two turns from one of the best `seeds` hits, across the other's question ("we broke up" /
  // "what happened?" / "the long distance…"): R@10 tidy 0.66 → 0.704, messaging 0.824 unchanged, Russian 0.544 →
  // 0.57; pack recall tidy 0.814 → 0.839 at 1,288 tokens. Below 1 so an answer with no match of its own stays under
  // the hit that brought it (1.0: 0.705 / 0.824 / 0.623, but "Eleven years." tied "My violin teacher is Irena" for
  // "Who teaches Ann?"; 0.5: 0.689). Without the question between them it cost messaging 0.824 → 0.78–0.80 (two
  // messages on is as often a new topic there).
  answerShare: 0.85,
  // Fixtures R@10 (tidy / messaging), content words: off 0.63 / 0.769; 6 ^0.3 0.653 / 0.802; 8 ^0.3 0.655 /
  // 0.802; 10 ^0.2 0.654 / 0.78; 12 ^0.3 0.659 / 0.791. All words, 20 ^0.2: 0.653 / 0.813, but stopwords then
  // reorder near-equal turns; 15 ^0.5: 0.648 / 0.752 (too steep for chats of short messages).
  brevityWords: 8,
  brevityExponent: 0.3,
  // Knowledge-update questions ("… these days?") on the tidy fixtures: R@10 0.615 → 0.654 at 0.3, 0.692 at
  // 0.6 and at 1.0; nothing else moves (such questions are few elsewhere).
  currentLift: 0.6,
  // 0.15 cut mean pack tokens (tidy 1425 → 1396, messy 939 → 824) at the same pack recall; 0.25 starts losing it.
  // On long messaging chats (600+ messages) it also cut turns that answer: pack recall 0.645 at 1,213 tokens at
  // 0.15, 0.664 at 1,390 at 0.11, 0.67 at 1,417 at 0.1, 0.674 at 1,450 at 0.08; tidy 0.837 throughout (1,288 →
  // 1,298 tokens at 0.1), short chats 0.978 (733 → 811).
  packFloor: 0.1,
  // R@10 tidy / messaging (temporal questions): off 0.655 / 0.802 (0.738 / 0.833); 0.3 0.66 / 0.802 (0.762 /
  // 0.833); 0.7 0.66 / 0.824 (0.762 / 0.917); 1.0 0.664 / 0.824 (0.786 / 0.917), but messaging R@5 0.648 → 0.604.
  // Pack recall tidy 0.812 → 0.814, messaging 0.978 at 760 → 736 tokens (0.7).
  // Session 38: news told as news ("SHE'S HOME 🏡🐕", "DR REID 🎓") answers "when" too (dated-turns.ts announces):
  // held-out sibling chat 0.50 → 0.525 (temporal 0.407 → 0.519, @20 0.671 → 0.708), short chats @5 0.63 → 0.652,
  // long chats @5 0.46 → 0.464; tidy, Russian and the second held-out chat unchanged.
  datedTurnLift: 0.7,
  // On the fixtures (15 of 344 questions ask an amount): R@10 long chats 0.361 → 0.373 (same at 0.7–1.5), tidy 0.707
  // unchanged (@20 0.746 → 0.75), short chats 0.824 unchanged; 0.3 changed nothing. Pack recall unchanged.
  amountTurnLift: 0.5,
  // On the fixtures: R@10 tidy 0.707 → 0.712 (why 0.734 → 0.766, @5 0.625 → 0.672), long chats 0.373 → 0.376, short
  // chats unchanged; 0.3 the same at @10 (why @5 0.641), 0.8 why @5 0.609.
  reasonTurnLift: 0.5,
  // R@10 tidy 0.712 → 0.715, short chats 0.824 → 0.835 (@20 0.891 → 0.902), long chats 0.376 → 0.379 (0.3: 0.713 /
  // 0.824 / 0.379). Session 40, with the places compromise's lexicon knows in lower case ("i'll miss edinburgh tho",
  // "leeds"), R@10 (@5 / @20) at 0.5: held-out sibling chat 0.525 (@20 0.708 → 0.733), held-out group chat 0.521 (@5
  // 0.373 → 0.398, @20 0.623 → 0.635), the rest within 0.007; at 0.75 sibling 0.538 (multi-hop 0.383 → 0.433), group
  // 0.521 (@20 0.648), long chats 0.623 → 0.625, tidy 0.817 → 0.814; at 1 sibling 0.55, group 0.521, tidy 0.811.
  placeTurnLift: 0.75,
  // Session 38, measured first on a chat written blind to the read path (chat-siblings-heldout, 40 q): R@10 0.45 →
  // 0.50 (single-hop 0.571 → 0.714: "who was teaching Priya to drive?" → "dave made me do hill starts"), long chats
  // 0.626 → 0.623 (a "who …, and why …?" lost its reasons), tidy 0.814 → 0.817, short and Russian unchanged at @10;
  // 0.5: held-out 0.475, tidy 0.814.
  nameTurnLift: 1,
  // Similar words (synonyms.ts, weight 0.5 above; a pack's turn search only), offline word vectors only. Fused in
  // every search, R@10 tidy 0.715 → 0.699, short chats 0.835 → 0.839, long chats 0.379 → 0.382, but R@20 0.752 →
  // 0.776 / 0.902 → 0.889 / 0.431 → 0.491: it brings answers up from depth and reorders the very top. Packs read 80–100
  // turns deep: pack recall tidy 0.835 → 0.861, long chats 0.676 → 0.712, short chats 0.978 and Russian 0.877
  // unchanged. Weight 0.35: tidy packs 0.852, long 0.696; 0.7: 0.868 / 0.702. Threshold 0.4: long 0.693; 0.5: tidy 0.855.
  synonymThreshold: 0.45,
  // Doubles the slot's fact: enough to put it above a fact found by a stronger list (a neighbour turn's fact through
  // provenance, a near vector) in a young memory; one of facts' own strategies already rank it high in an old one.
  slotQuestionLift: 1,
  // Session 34, R@10 (@5 / @20) before → after: long chats 0.545 → 0.557 (multi-hop 0.458 → 0.492, single-hop 0.731 →
  // 0.75), tidy 0.773 → 0.785 (@5 0.664, @20 0.851 → 0.852), short chats 0.844 → 0.856 but @5 0.681 → 0.641 and @20
  // 0.959 → 0.948 (there the other person's reply answers as often), Russian @5 0.675 → 0.728; pack recall tidy 0.913 → 0.917,
  // long 0.795 → 0.799, short 1.0. 0.1: long 0.545, tidy 0.78; 0.2: 0.557 / 0.78 (short 0.844); 0.5: 0.55 / 0.782,
  // short 0.826 (@5 0.589). An earlier lift cost short chats R@10 0.057, before turns were read with their context.
  namedSpeakerLift: 0.3,
  feedbackSeeds: 5,
  feedbackTerms: 10,
  feedbackMinSeeds: 2,
  // At 100k turns the words every hit shares are in thousands of them: searched for, they cost p50 7 ms (the whole
  // search's other steps ~12 ms); words in at most 200 documents cost 0.3 ms. Small memories are not changed by it.
  feedbackMaxDocs: 200,
};

/** §11.2: which strategy leads for each intent. General search is plain hybrid. */
export const PRIMARY_STRATEGY: Record<Intent, StrategyName | null> = {
  why: 'causal',
  when: 'temporal',
  who: 'entity',
  what: 'entity',
  general: null,
};

export function strategyWeights(config: RetrievalConfig, intent: Intent, lexicalEmbedder: boolean): Record<StrategyName, number> {
  const w = { ...config.weights };
  if (lexicalEmbedder) w.vector = Math.min(w.vector, config.lexicalVectorWeight);
  const primary = PRIMARY_STRATEGY[intent];
  if (primary) w[primary] += config.primaryBoost;
  if (intent !== 'when') w.temporal = 0; // chain traversal only for "when" questions
  if (intent !== 'why') w.causal = 0; // causal BFS only for "why" questions
  return w;
}
