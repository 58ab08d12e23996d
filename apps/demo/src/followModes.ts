import type { FollowMode } from '@chat-list/react';

/** The follow modes the playground offers, in the order of the "Follow new messages" select. */
export const FOLLOW_MODES = [
  { value: 'always', label: 'Always' },
  { value: 'never', label: 'Never' },
  { value: 'at-bottom', label: 'At bottom' },
  { value: 'only-received', label: 'Only received' },
] as const satisfies ReadonlyArray<{ value: FollowMode; label: string }>;

export type DemoFollowMode = (typeof FOLLOW_MODES)[number]['value'];

export const DEFAULT_FOLLOW_MODE: DemoFollowMode = 'always';

export function isFollowMode(value: string): value is DemoFollowMode {
  return FOLLOW_MODES.some((mode) => mode.value === value);
}
