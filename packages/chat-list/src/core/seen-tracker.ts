import type { MessageChange, MessageKey } from './message-changes';

/**
 * Which messages the reader has seen (SPEC §2.6). A message is seen once any
 * part of it was inside the viewport.
 *
 * Memory: one set entry per seen message, pruned when it outgrows the list, so
 * it stays proportional to the number of messages. Each viewport update costs
 * O(rows in view); only a change that moves the newest seen message somewhere
 * unknown (a middle insert before it) costs one scan.
 */
export class SeenTracker {
  private seenKeys = new Set<MessageKey>();
  private newestKey: MessageKey | undefined = undefined;
  /** Index of {@link newestKey} in the current messages, or -1 when nothing was seen. */
  private newestIndex = -1;

  /** The key of the newest message seen so far, or `undefined`. */
  get newestSeenKey(): MessageKey | undefined {
    return this.newestKey;
  }

  wasSeen(key: MessageKey): boolean {
    return this.seenKeys.has(key);
  }

  /** Messages newer than the newest one seen; all of them when none was. */
  getUnseenCount(count: number): number {
    return Math.max(0, count - 1 - this.newestIndex);
  }

  /**
   * Records the messages `firstIndex..lastIndex` (inclusive) as seen. Returns
   * true when anything new was recorded.
   */
  markVisible(firstIndex: number, lastIndex: number, getKey: (index: number) => MessageKey): boolean {
    let changed = false;
    for (let index = firstIndex; index <= lastIndex; index++) {
      const key = getKey(index);
      if (!this.seenKeys.has(key)) {
        this.seenKeys.add(key);
        changed = true;
      }
    }
    if (lastIndex > this.newestIndex) {
      this.newestIndex = lastIndex;
      this.newestKey = getKey(lastIndex);
      changed = true;
    }
    return changed;
  }

  /** Keeps the newest seen index in step with the messages after a commit. */
  applyChange(change: MessageChange, count: number, getKey: (index: number) => MessageKey): void {
    switch (change.kind) {
      case 'unchanged':
        // Same count and edges, but middle keys may have changed: still prune below.
        break;
      case 'initial':
      case 'cleared':
      case 'replaced':
        this.reset();
        return;
      case 'edges-kept':
        this.relocateNewest(change.olderCount, count, getKey);
    }
    if (this.seenKeys.size > 2 * count + 64) this.prune(count, getKey);
  }

  reset(): void {
    this.seenKeys.clear();
    this.newestKey = undefined;
    this.newestIndex = -1;
  }

  private relocateNewest(olderCount: number, count: number, getKey: (index: number) => MessageKey): void {
    if (this.newestKey === undefined) return;
    // Usually the messages before it only grew by the prepended ones.
    const expected = this.newestIndex + olderCount;
    if (expected < count && getKey(expected) === this.newestKey) {
      this.newestIndex = expected;
      return;
    }
    for (let index = count - 1; index >= 0; index--) {
      if (getKey(index) === this.newestKey) {
        this.newestIndex = index;
        return;
      }
    }
    // The newest seen message was removed: the newest seen one still present
    // is the last seen key before where it was.
    for (let index = Math.min(this.newestIndex + olderCount, count - 1); index >= 0; index--) {
      const key = getKey(index);
      if (this.seenKeys.has(key)) {
        this.newestIndex = index;
        this.newestKey = key;
        return;
      }
    }
    this.newestIndex = -1;
    this.newestKey = undefined;
  }

  private prune(count: number, getKey: (index: number) => MessageKey): void {
    const kept = new Set<MessageKey>();
    for (let index = 0; index < count; index++) {
      const key = getKey(index);
      if (this.seenKeys.has(key)) kept.add(key);
    }
    this.seenKeys = kept;
  }
}
