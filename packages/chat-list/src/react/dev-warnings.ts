declare const process: { env: { NODE_ENV?: string } };

const warned = new Set<string>();

/** Development builds only; one warning per distinct message, so a render loop cannot flood the console. */
export function warnOnce(message: string): void {
  if (process.env.NODE_ENV === 'production' || warned.has(message)) return;
  warned.add(message);
  console.warn(`[@chat-list/react] ${message}`);
}

export function isDevelopment(): boolean {
  return process.env.NODE_ENV !== 'production';
}
