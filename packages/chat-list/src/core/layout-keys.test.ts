import { describe, expect, test } from 'vitest';
import { findChangedWindow } from './changed-window';
import { applyLayoutKeyPlan, planLayoutKeys } from './layout-keys';

interface Message {
  id: string;
}

/** A list as TanStack sees it: measured sizes by layout key, and the base of its keys. */
const createModel = (messages: Message[]) => ({
  messages,
  base: 0,
  sizes: new Map<unknown, number>(),
  /** The lowest layout key ever measured, kept as the list keeps it (`uncheckedBefore`), or undefined to compare every message. */
  lowestKept: undefined as number | undefined,
});
type Model = ReturnType<typeof createModel>;

/** Measures the messages at `indexes`: each message's size is fixed by its id. */
const measure = (model: Model, indexes: number[]) => {
  for (const index of indexes) {
    model.sizes.set(index + model.base, sizeOf(model.messages[index]!));
    if (model.lowestKept !== undefined) model.lowestKept = Math.min(model.lowestKept, index + model.base);
  }
};
const sizeOf = (message: Message) => 20 + (Number(message.id.replace(/\D/g, '')) % 97);

const change = (model: Model, next: Message[], isSameConversation = true) => {
  const uncheckedBefore = model.lowestKept === undefined ? 0 : model.lowestKept - model.base;
  const plan = planLayoutKeys(model.base, findChangedWindow(model.messages, next, uncheckedBefore));
  const previous = model.messages;
  const lowestWritten = applyLayoutKeyPlan([model.sizes], plan, {
    previousKeyAt: (index) => previous[index]!.id,
    nextKeyAt: (index) => next[index]!.id,
    isSameConversation,
  });
  if (model.lowestKept !== undefined) model.lowestKept = Math.min(model.lowestKept, lowestWritten);
  model.base = plan.base;
  model.messages = next;
};

/** Every size stands at the layout key of the message it was measured for. */
const misplacedSizes = (model: Model) =>
  [...model.sizes]
    .filter(([key]) => typeof key === 'number')
    .filter(([key, size]) => {
      const message = model.messages[(key as number) - model.base];
      return message === undefined || sizeOf(message) !== size;
    });

const messagesFrom = (from: number, count: number, prefix = 'm') =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${from + index}` }));

describe('layout keys: positions that follow their messages', () => {
  test('a prepended page moves the base only: every measured row keeps its key and its size', () => {
    const model = createModel(messagesFrom(100, 50));
    measure(model, [40, 45, 49]);
    const sizesBefore = new Map(model.sizes);
    change(model, [...messagesFrom(1000, 20), ...model.messages]);
    expect(model.base).toBe(-20);
    expect(model.sizes).toEqual(sizesBefore);
    expect(misplacedSizes(model)).toEqual([]);
  });

  test('an append and a streamed token keep every key', () => {
    const model = createModel(messagesFrom(0, 10));
    measure(model, [7, 8, 9]);
    const streamed = [...model.messages.slice(0, 9), { id: 'm9' }];
    change(model, streamed);
    change(model, [...model.messages, ...messagesFrom(10, 3)]);
    expect(model.base).toBe(0);
    expect([...model.sizes.keys()].sort()).toEqual([7, 8, 9]);
    expect(misplacedSizes(model)).toEqual([]);
  });

  test('a replaced key forgets its size; the same key in a new object keeps it', () => {
    const model = createModel(messagesFrom(0, 10));
    measure(model, [3, 4]);
    change(
      model,
      model.messages.map((message, index) => (index === 3 ? { id: 'x3' } : index === 4 ? { id: 'm4' } : message)),
    );
    expect([...model.sizes.keys()]).toEqual([4]);
  });

  test('a message removed from the middle: the sizes of the rows after it move with them', () => {
    const model = createModel(messagesFrom(0, 10));
    measure(model, [2, 5, 8]);
    change(
      model,
      model.messages.filter((message) => message.id !== 'm5'),
    );
    expect(model.sizes.get(2)).toBe(sizeOf({ id: 'm2' }));
    expect(model.sizes.get(7)).toBe(sizeOf({ id: 'm8' }));
    expect(model.sizes.size).toBe(2);
    expect(misplacedSizes(model)).toEqual([]);
  });

  test('a new conversation forgets every size, whatever its length', () => {
    const model = createModel(messagesFrom(0, 10));
    measure(model, [0, 5, 9]);
    model.sizes.set('\u0000suffix', 40);
    change(model, messagesFrom(0, 3, 'other'), false);
    expect([...model.sizes.keys()]).toEqual(['\u0000suffix']);
  });

  test('every message moved as a new object (a list parsed again from the server) keeps its size', () => {
    const model = createModel(messagesFrom(0, 50));
    measure(model, [10, 45, 49]);
    const again = model.messages.map((message) => ({ ...message }));
    change(model, [...again.slice(0, 20), ...again.slice(21), { id: 'm50' }]);
    expect(model.sizes.get(10)).toBe(sizeOf({ id: 'm10' }));
    expect(model.sizes.get(44)).toBe(sizeOf({ id: 'm45' }));
    expect(model.sizes.get(48)).toBe(sizeOf({ id: 'm49' }));
    expect(misplacedSizes(model)).toEqual([]);
  });

  test('the same 10 000 messages as new objects read the keys of the measured rows only', () => {
    const previous = messagesFrom(0, 10_000);
    const next = previous.map((message) => ({ ...message }));
    const sizes = new Map<unknown, number>([
      [9_990, 40],
      [9_999, 60],
    ]);
    let keyReads = 0;
    applyLayoutKeyPlan([sizes], planLayoutKeys(0, findChangedWindow(previous, next)), {
      previousKeyAt: (index) => previous[index]!.id,
      nextKeyAt: (index) => {
        keyReads++;
        return next[index]!.id;
      },
      isSameConversation: true,
    });
    expect([...sizes].sort()).toEqual([
      [9_990, 40],
      [9_999, 60],
    ]);
    expect(keyReads).toBe(2);
  });

  test.each([
    ['every message compared', false],
    ['messages below the lowest measured row unchecked', true],
  ])(
    'random changes never leave a size on another message, and every measured message that stays keeps its size (%s)',
    (_name, isTrackingLowest) => {
      let seed = 7;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      let nextId = 0;
      const fresh = (count: number) => Array.from({ length: count }, () => ({ id: `n${nextId++}` }));
      const model = createModel(fresh(30));
      if (isTrackingLowest) model.lowestKept = Infinity;
      for (let step = 0; step < 600; step++) {
        // Rows are measured towards the back, as a reader at the bottom measures them.
        const measuredFrom = isTrackingLowest ? Math.floor(model.messages.length * 0.6) : 0;
        measure(
          model,
          Array.from(
            { length: 3 },
            () => measuredFrom + Math.floor(random() * (model.messages.length - measuredFrom)),
          ).filter((index) => index < model.messages.length),
        );
        const messages = [...model.messages];
        const at = Math.floor(random() * (messages.length + 1));
        const removed = Math.floor(random() * 3);
        const kind = random();
        // Long lists lose messages from the front or the back (a window of a longer conversation).
        if (messages.length > 120) messages.splice(random() < 0.5 ? 0 : messages.length - 40, 40);
        else if (kind < 0.3) messages.splice(at, removed, ...fresh(Math.floor(random() * 4)));
        else if (kind < 0.5) messages.splice(0, 0, ...fresh(1 + Math.floor(random() * 5)));
        else if (kind < 0.7) messages.push(...fresh(1 + Math.floor(random() * 3)));
        // The same message as a new object (a streamed token), possibly with a new neighbour.
        else if (messages[at] !== undefined)
          messages.splice(at, 1, { ...messages[at]! }, ...fresh(Math.floor(random() * 2)));
        // Now and then a second change in the same update: a token at the back.
        if (random() < 0.2 && messages.length > 0) messages.splice(-1, 1, { ...messages[messages.length - 1]! });
        if (messages.length === 0) messages.push(...fresh(5));
        const keptIds = new Set(messages.map((message) => message.id));
        const measuredKept = [...model.sizes.keys()]
          .map((key) => model.messages[(key as number) - model.base]!)
          .filter((message) => keptIds.has(message.id));
        change(model, messages);
        expect(misplacedSizes(model), `step ${step}`).toEqual([]);
        const measuredNow = new Set(
          [...model.sizes.keys()].map((key) => model.messages[(key as number) - model.base]!.id),
        );
        for (const message of measuredKept)
          expect(measuredNow.has(message.id), `step ${step}: ${message.id}`).toBe(true);
      }
    },
  );
});
