/** Chat area sizes (px) behind the Narrow/Wide and Short/Tall toggles. */
export const CHAT_WIDTH = { wide: 720, narrow: 360 } as const;
export const LIST_HEIGHT = { tall: 600, short: 300 } as const;
