import { describe, expect, test } from 'vitest';
import { createReadTracker, getVisibleRatio, type ReadCriteria } from './read-tracker';

const CRITERIA: ReadCriteria = { minVisibleRatio: 0.5, minVisibleMs: 300 };
const inView = (...keys: string[]) => keys.map((key) => ({ key, visibleRatio: 1 }));

describe('getVisibleRatio', () => {
  test('a row fully inside the viewport is wholly visible', () => {
    expect(getVisibleRatio({ start: 100, end: 200 }, 0, 500)).toBe(1);
  });

  test('a row cut by the top of the viewport shows the part below it', () => {
    expect(getVisibleRatio({ start: 100, end: 200 }, 175, 500)).toBe(0.25);
  });

  test('a row cut by the bottom of the viewport shows the part above it', () => {
    expect(getVisibleRatio({ start: 450, end: 550 }, 0, 500)).toBe(0.5);
  });

  test('a row taller than the viewport that fills it counts as wholly visible', () => {
    expect(getVisibleRatio({ start: 0, end: 2000 }, 700, 500)).toBe(1);
    expect(getVisibleRatio({ start: 0, end: 2000 }, 1750, 500)).toBe(0.5);
  });

  test('a row touching the viewport edge, outside it, or of no height is not visible', () => {
    expect(getVisibleRatio({ start: 500, end: 600 }, 0, 500)).toBe(0);
    expect(getVisibleRatio({ start: 0, end: 100 }, 100, 500)).toBe(0);
    expect(getVisibleRatio({ start: 900, end: 1000 }, 0, 500)).toBe(0);
    expect(getVisibleRatio({ start: 200, end: 200 }, 0, 500)).toBe(0);
  });
});

describe('createReadTracker', () => {
  test('reports a message once it has been in view for the delay, and asks to look again then', () => {
    const tracker = createReadTracker();
    expect(tracker.observe({ now: 1000, visible: inView('a'), isDocumentVisible: true }, CRITERIA)).toEqual({
      read: [],
      checkAt: 1300,
    });
    expect(tracker.observe({ now: 1299, visible: inView('a'), isDocumentVisible: true }, CRITERIA).read).toEqual([]);
    expect(tracker.observe({ now: 1300, visible: inView('a'), isDocumentVisible: true }, CRITERIA)).toEqual({
      read: ['a'],
      checkAt: null,
    });
  });

  test('reports each message at most once, however long it stays or often it comes back', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: inView('a'), isDocumentVisible: true }, CRITERIA);
    expect(tracker.observe({ now: 400, visible: inView('a'), isDocumentVisible: true }, CRITERIA).read).toEqual(['a']);
    tracker.observe({ now: 500, visible: [], isDocumentVisible: true }, CRITERIA);
    tracker.observe({ now: 600, visible: inView('a'), isDocumentVisible: true }, CRITERIA);
    expect(tracker.observe({ now: 5000, visible: inView('a'), isDocumentVisible: true }, CRITERIA)).toEqual({
      read: [],
      checkAt: null,
    });
  });

  test('batches the messages that became read at the same moment', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: inView('a', 'b', 'c'), isDocumentVisible: true }, CRITERIA);
    expect(
      tracker.observe({ now: 300, visible: inView('a', 'b', 'c'), isDocumentVisible: true }, CRITERIA).read,
    ).toEqual(['a', 'b', 'c']);
  });

  test('a message that leaves the view before the delay starts over when it comes back (a fast scroll past)', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: inView('a'), isDocumentVisible: true }, CRITERIA);
    tracker.observe({ now: 200, visible: [], isDocumentVisible: true }, CRITERIA);
    expect(tracker.observe({ now: 250, visible: inView('a'), isDocumentVisible: true }, CRITERIA)).toEqual({
      read: [],
      checkAt: 550,
    });
    expect(tracker.observe({ now: 549, visible: inView('a'), isDocumentVisible: true }, CRITERIA).read).toEqual([]);
    expect(tracker.observe({ now: 550, visible: inView('a'), isDocumentVisible: true }, CRITERIA).read).toEqual(['a']);
  });

  test('less of a message in view than the ratio does not count, and its time starts when enough shows', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: [{ key: 'a', visibleRatio: 0.49 }], isDocumentVisible: true }, CRITERIA);
    expect(
      tracker.observe({ now: 1000, visible: [{ key: 'a', visibleRatio: 0.5 }], isDocumentVisible: true }, CRITERIA),
    ).toEqual({ read: [], checkAt: 1300 });
    expect(
      tracker.observe({ now: 1300, visible: [{ key: 'a', visibleRatio: 0.6 }], isDocumentVisible: true }, CRITERIA)
        .read,
    ).toEqual(['a']);
  });

  test('a hidden document reads nothing, and the time in view starts over when it shows again', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: inView('a'), isDocumentVisible: true }, CRITERIA);
    expect(tracker.observe({ now: 200, visible: inView('a'), isDocumentVisible: false }, CRITERIA)).toEqual({
      read: [],
      checkAt: null,
    });
    expect(tracker.observe({ now: 1000, visible: inView('a'), isDocumentVisible: true }, CRITERIA).checkAt).toBe(1300);
  });

  test('asks to look again at the earliest moment any message in view will be read', () => {
    const tracker = createReadTracker();
    tracker.observe({ now: 0, visible: inView('a'), isDocumentVisible: true }, CRITERIA);
    expect(tracker.observe({ now: 100, visible: inView('a', 'b'), isDocumentVisible: true }, CRITERIA).checkAt).toBe(
      300,
    );
  });

  test('a zero delay reports a message on the first observation that sees it', () => {
    const tracker = createReadTracker();
    expect(
      tracker.observe(
        { now: 0, visible: inView('a'), isDocumentVisible: true },
        { minVisibleRatio: 0.5, minVisibleMs: 0 },
      ),
    ).toEqual({ read: ['a'], checkAt: null });
  });

  test('a zero ratio still needs some part of the message in view', () => {
    const tracker = createReadTracker();
    const criteria = { minVisibleRatio: 0, minVisibleMs: 0 };
    expect(
      tracker.observe({ now: 0, visible: [{ key: 'a', visibleRatio: 0 }], isDocumentVisible: true }, criteria).read,
    ).toEqual([]);
  });

  test('pruning keeps the reported keys still among the messages, so they are not reported again', () => {
    const tracker = createReadTracker();
    const zero = { minVisibleRatio: 0.5, minVisibleMs: 0 };
    const many = Array.from({ length: 200 }, (_, index) => `old-${index}`);
    tracker.observe({ now: 0, visible: inView(...many, 'kept'), isDocumentVisible: true }, zero);
    const messages = ['kept', 'new'];
    tracker.prune(messages.length, (index) => messages[index]!);
    expect(
      tracker.observe({ now: 1, visible: inView('kept', 'new', 'old-0'), isDocumentVisible: true }, zero).read,
    ).toEqual(['new', 'old-0']);
  });
});
