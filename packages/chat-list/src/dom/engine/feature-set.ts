import type { ChatListFeature, ChatListFeatureContext, ChatListFeatureInstance } from '../features';

/**
 * The features a list was given (`features`), each created once for the list, and stopped when
 * the app stops passing it. It owns the features' instances; the kernel tells them of its moments.
 */
export const createFeatureSet = <TMessage>(context: ChatListFeatureContext<TMessage>) => {
  const instances = new Map<ChatListFeature, ChatListFeatureInstance>();

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
  };
};

export type FeatureSet = ReturnType<typeof createFeatureSet>;
