import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * The page's colour theme: the system's (`prefers-color-scheme`, followed live) until
 * the reader picks one with `toggle`, which then overrides it for this page load.
 *
 * The theme is written to `<html data-theme>`; styles.css maps it to `color-scheme`,
 * which every colour token (`light-dark(…)`) follows. Before this hook runs, the
 * stylesheet already follows the system preference, so a dark system sees no light flash.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const system = useSyncExternalStore(subscribeToSystemTheme, systemTheme);
  const [override, setOverride] = useState<Theme | null>(null);
  const theme = override ?? system;

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const toggle = useCallback(() => setOverride(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggle };
}
