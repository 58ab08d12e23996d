import type { ChatListFeature, ChatListFeatureContext, ChatListFeatureInstance } from '../features';

/**
 * The features a list was given (`features`), each created once for the list, and stopped when
 * the app stops passing it. It owns the features' instances; the kernel tells them of its moments
 * and asks them its questions through it, and a list without a feature gets the answer of none.
 */
export const createFeatureSet = <TMessage>(context: ChatListFeatureContext<TMessage>) => {
  const instances = new Map<ChatListFeature, ChatListFeatureInstance>();

  /** The first answer a feature gives, if any does. */
  const ask = <TAnswer>(question: (instance: ChatListFeatureInstance) => TAnswer | undefined): TAnswer | undefined => {
    for (const instance of instances.values()) {
      const answer = question(instance);
      if (answer !== undefined) return answer;
    }
    return undefined;
  };

  return {
    /** A render's `features`: new ones are created, those no longer given are stopped. */
    sync(features: readonly ChatListFeature[] | undefined) {
      const given = new Set(features);
      for (const [feature, instance] of instances) {
        if (given.has(feature)) continue;
        instance.stop?.();
        instances.delete(feature);
      }
      for (const feature of given) {
        if (!instances.has(feature)) instances.set(feature, feature.create(context));
      }
    },
    /** Calls each feature's handler for a moment of the list. */
    each(visit: (instance: ChatListFeatureInstance) => void) {
      for (const instance of instances.values()) visit(instance);
    },
    ask,
    /** The blank space the features keep below the last row: the largest any asks for. */
    spaceBelowRows(rowsEnd: number): number {
      let space = 0;
      for (const instance of instances.values()) space = Math.max(space, instance.spaceBelowRows?.(rowsEnd) ?? 0);
      return space;
    },
    /** Newer messages at the newest end: whether a feature changed the space below the rows. */
    onNewerMessages(newerCount: number): boolean {
      let isSpaceChanged = false;
      for (const instance of instances.values()) {
        if (instance.onNewerMessages?.(newerCount) === true) isSpaceChanged = true;
      }
      return isSpaceChanged;
    },
  };
};

export type FeatureSet = ReturnType<typeof createFeatureSet>;
