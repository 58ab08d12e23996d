declare const process: { env: { NODE_ENV?: string } };

const warned = new Set<string>();

/**
 * Development builds only; one warning per distinct message, so a render loop
 * cannot flood the console. A message built by a function costs nothing in
 * production: the bundler drops the function with the call.
 */
export function warnOnce(message: string | null | (() => string)): void {
  if (process.env.NODE_ENV === 'production') return;
  const text = typeof message === 'function' ? message() : message;
  if (text === null) return;
  if (warned.has(text)) return;
  warned.add(text);
  console.warn(`[@chat-list/react] ${text}`);
}
