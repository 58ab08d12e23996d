import { describe, expect, it } from 'vitest';
import fixture from './legacy-output.fixture.json' with { type: 'json' };
import { createMessageGenerator, type MessageGeneratorOptions } from './index.js';

/**
 * Browser tests, benchmarks and the demo depend on the exact output of the
 * existing generator API for a given seed (message heights). The fixture was
 * recorded from the generator as of commit 0810835, before any new message
 * styles were added; it must never be regenerated to make this test pass.
 */
describe('existing generator output is unchanged', () => {
  for (const recorded of fixture) {
    it(`matches the recorded output for ${JSON.stringify(recorded.options)}`, () => {
      const gen = createMessageGenerator(recorded.options as MessageGeneratorOptions);
      expect(gen.messages(5)).toEqual(recorded.messages);
      expect(gen.user()).toEqual(recorded.user);
      expect(gen.assistant()).toEqual(recorded.assistant);
      expect(gen.message()).toEqual(recorded.message);
    });
  }
});
