export * from './edges';
export * from './follow-policy';
export * from './history-trigger';
export * from './message-changes';
export * from './options';
export * from './seen-tracker';
export * from './visible-range';
