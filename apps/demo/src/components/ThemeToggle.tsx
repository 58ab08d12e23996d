import type { Theme } from '../useTheme';

export interface ThemeToggleProps {
  theme: Theme;
  onToggle: () => void;
}

/**
 * Switches between the light and the dark theme. Like "Narrow"/"Wide", the button is
 * named after what it does: "Dark theme" while the page is light, "Light theme" while
 * it is dark (no `aria-pressed`, which would make "pressed Light theme" ambiguous).
 */
export function ThemeToggle({ theme, onToggle }: ThemeToggleProps) {
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="button theme-toggle" onClick={onToggle} data-testid="theme-toggle">
      <span className={`theme-toggle__icon theme-toggle__icon--${next}`} aria-hidden="true" />
      {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  );
}
