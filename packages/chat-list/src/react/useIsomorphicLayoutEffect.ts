import * as React from 'react';

/** `useLayoutEffect` in the browser, `useEffect` on the server (where it would warn). */
export const useIsomorphicLayoutEffect = typeof document !== 'undefined' ? React.useLayoutEffect : React.useEffect;
