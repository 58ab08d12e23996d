import { describe, expect, test } from 'vitest';
import {
  createReadTracker,
  getVisibleRatio,
  type MessageVisibility,
  type ReadCriteria,
  type ReadObservation,
} from './read-tracker';

const CRITERIA: ReadCriteria = { minVisibleRatio: 0.5, minVisibleMs: 300 };
const inView = (...keys: string[]) => keys.map((key) => ({ key, visibleRatio: 1 }));
/** An observation at `now` of a visible page whose view is still, unless `conditions` say otherwise. */
const at = (now: number, visible: MessageVisibility[], conditions: Partial<ReadObservation> = {}): ReadObservation => ({
  now,
  visible,
  isDocumentVisible: true,
  isViewMoving: false,
  ...conditions,
});

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
    expect(tracker.observe(at(1000, inView('a')), CRITERIA)).toEqual({
      read: [],
      checkAt: 1300,
    });
    expect(tracker.observe(at(1299, inView('a')), CRITERIA).read).toEqual([]);
    expect(tracker.observe(at(1300, inView('a')), CRITERIA)).toEqual({
      read: ['a'],
      checkAt: null,
    });
  });

  test('reports each message at most once, however long it stays or often it comes back', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a')), CRITERIA);
    expect(tracker.observe(at(400, inView('a')), CRITERIA).read).toEqual(['a']);
    tracker.observe(at(500, []), CRITERIA);
    tracker.observe(at(600, inView('a')), CRITERIA);
    expect(tracker.observe(at(5000, inView('a')), CRITERIA)).toEqual({
      read: [],
      checkAt: null,
    });
  });

  test('batches the messages that became read at the same moment', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a', 'b', 'c')), CRITERIA);
    expect(tracker.observe(at(300, inView('a', 'b', 'c')), CRITERIA).read).toEqual(['a', 'b', 'c']);
  });

  test('a message that leaves the view before the delay starts over when it comes back (a fast scroll past)', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a')), CRITERIA);
    tracker.observe(at(200, []), CRITERIA);
    expect(tracker.observe(at(250, inView('a')), CRITERIA)).toEqual({
      read: [],
      checkAt: 550,
    });
    expect(tracker.observe(at(549, inView('a')), CRITERIA).read).toEqual([]);
    expect(tracker.observe(at(550, inView('a')), CRITERIA).read).toEqual(['a']);
  });

  test('less of a message in view than the ratio does not count, and its time starts when enough shows', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, [{ key: 'a', visibleRatio: 0.49 }]), CRITERIA);
    expect(tracker.observe(at(1000, [{ key: 'a', visibleRatio: 0.5 }]), CRITERIA)).toEqual({ read: [], checkAt: 1300 });
    expect(tracker.observe(at(1300, [{ key: 'a', visibleRatio: 0.6 }]), CRITERIA).read).toEqual(['a']);
  });

  test('a hidden document reads nothing, and the time in view starts over when it shows again', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a')), CRITERIA);
    expect(tracker.observe(at(200, inView('a'), { isDocumentVisible: false }), CRITERIA)).toEqual({
      read: [],
      checkAt: null,
    });
    expect(tracker.observe(at(1000, inView('a')), CRITERIA).checkAt).toBe(1300);
  });

  test('asks to look again at the earliest moment any message in view will be read', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a')), CRITERIA);
    expect(tracker.observe(at(100, inView('a', 'b')), CRITERIA).checkAt).toBe(300);
  });

  test('a zero delay reports a message on the first observation that sees it', () => {
    const tracker = createReadTracker();
    expect(tracker.observe(at(0, inView('a')), { minVisibleRatio: 0.5, minVisibleMs: 0 })).toEqual({
      read: ['a'],
      checkAt: null,
    });
  });

  test('a zero ratio still needs some part of the message in view', () => {
    const tracker = createReadTracker();
    const criteria = { minVisibleRatio: 0, minVisibleMs: 0 };
    expect(tracker.observe(at(0, [{ key: 'a', visibleRatio: 0 }]), criteria).read).toEqual([]);
  });

  test('a message that comes into view while the view moves to a target is counted from when it arrives', () => {
    const tracker = createReadTracker();
    // The opening: estimated rows, then measured ones, all on the way to the bottom.
    expect(tracker.observe(at(0, inView('a', 'b'), { isViewMoving: true }), CRITERIA)).toEqual({
      read: [],
      checkAt: null,
    });
    tracker.observe(at(16, inView('b', 'c'), { isViewMoving: true }), CRITERIA);
    expect(tracker.observe(at(50, inView('b', 'c')), CRITERIA).checkAt).toBe(350);
    expect(tracker.observe(at(350, inView('b', 'c')), CRITERIA).read).toEqual(['b', 'c']);
  });

  test('a message already in view keeps its time while a command moves the view, if it stays in view', () => {
    const tracker = createReadTracker();
    tracker.observe(at(0, inView('a')), CRITERIA);
    // A follow scrolls the list by a new message's height: 'a' stays, 'b' arrives.
    expect(tracker.observe(at(200, inView('a', 'b'), { isViewMoving: true }), CRITERIA)).toEqual({
      read: [],
      checkAt: 300,
    });
    expect(tracker.observe(at(300, inView('a', 'b'), { isViewMoving: true }), CRITERIA).read).toEqual(['a']);
    expect(tracker.observe(at(320, inView('b')), CRITERIA).checkAt).toBe(620);
  });

  test('pruning keeps the reported keys still among the messages, so they are not reported again', () => {
    const tracker = createReadTracker();
    const zero = { minVisibleRatio: 0.5, minVisibleMs: 0 };
    const many = Array.from({ length: 200 }, (_, index) => `old-${index}`);
    tracker.observe(at(0, inView(...many, 'kept')), zero);
    const messages = ['kept', 'new'];
    tracker.prune(messages.length, (index) => messages[index]!);
    expect(tracker.observe(at(1, inView('kept', 'new', 'old-0')), zero).read).toEqual(['new', 'old-0']);
  });
});
