import { describe, expect, it } from 'vitest';
import { versionedPrompt } from '../../src-shared/versioned-prompt';
import { CHAT_SYSTEM_PROMPT, systemPrompt } from '../../src-main/chat/prompt';
import { CONSOLIDATION_PROMPT_VERSIONS, EXTRACTION_PROMPT, EXTRACTION_SYSTEM } from '../../src-main/writepath/extract-llm';

describe('versioned prompts', () => {
  it('name the text in use by its version, and refuse a version that does not exist', () => {
    const p = versionedPrompt({ v1: 'one', v2: 'two' }, 'v2');
    expect(p).toMatchObject({ version: 'v2', text: 'two' });
    expect(() => versionedPrompt({ v1: 'one' }, 'v3')).toThrow(/v3/);
  });

  it('the chat and the write path use the text of their current version', () => {
    expect(systemPrompt).toBe(CHAT_SYSTEM_PROMPT.versions[CHAT_SYSTEM_PROMPT.version]);
    expect(EXTRACTION_SYSTEM).toBe(EXTRACTION_PROMPT.versions[EXTRACTION_PROMPT.version]);
    expect(CONSOLIDATION_PROMPT_VERSIONS).toEqual({ extraction: 'v1', resolution: 'v1' });
  });
});
