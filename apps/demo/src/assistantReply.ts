import { createMessageGenerator, type MessageGenerator } from '@chat-list/sample-data';

/**
 * Words in a streamed reply: more than the tallest list holds at its widest (600 px at
 * about nine words a line), so the reply outgrows the viewport and following takes over.
 */
export const REPLY_WORDS = 400;

const SENTENCES_PER_PARAGRAPH = 4;

/**
 * Writes the text of assistant replies: sentences from a generator of their own (seeded from
 * the page's seed, so a seed streams the same replies) in paragraphs.
 */
export function createReplyWriter(seed: number): () => string[] {
  let generator: MessageGenerator | undefined;
  return function nextReplyTokens(): string[] {
    // Created on the first prompt: pages that never send one never pay for it.
    generator ??= createMessageGenerator({ seed: (seed + 7919) % 2 ** 31 });
    const paragraphs: string[] = [];
    let words = 0;
    while (words < REPLY_WORDS) {
      const sentences: string[] = [];
      for (let index = 0; index < SENTENCES_PER_PARAGRAPH && words < REPLY_WORDS; index++) {
        const sentence = generator.assistant().content;
        sentences.push(sentence);
        words += sentence.split(/\s+/).length;
      }
      paragraphs.push(sentences.join(' '));
    }
    // A token is a word with the white space after it: the reply grows by one per frame.
    return paragraphs.join('\n\n').match(/\S+\s*/g) ?? [];
  };
}
