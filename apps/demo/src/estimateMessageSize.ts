import type { ChatMessage } from '@chat-list/sample-data';

// Matches styles.css: row padding, name line, bubble padding, 20 px text lines.
const ROW_CHROME = 8 + 18 + 4 + 16;
const LINE_HEIGHT = 20;
const AVERAGE_CHAR_WIDTH = 7.4;

/**
 * A height guess before the row is measured, from the text length and the bubble
 * width. Good guesses make jumps to the edges land in fewer corrections.
 */
export function createSizeEstimator(bubbleWidth: number) {
  const charsPerLine = Math.max(12, Math.floor(bubbleWidth / AVERAGE_CHAR_WIDTH));
  return (message: ChatMessage): number =>
    ROW_CHROME + Math.max(1, Math.ceil(message.content.length / charsPerLine)) * LINE_HEIGHT;
}
