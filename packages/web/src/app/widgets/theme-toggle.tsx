import { Button } from '@blueprintjs/core';
import { useT } from '../../lib/use-t';
import { usePreferences } from '../preferences';

/** Switches between the light and the dark theme. */
export function ThemeToggle() {
  const t = useT();
  const { theme, toggleTheme } = usePreferences();
  return (
    <Button
      variant="minimal"
      icon={theme === 'dark' ? 'flash' : 'moon'}
      aria-label={t('common.toggle_theme')}
      title={t(theme === 'dark' ? 'common.theme_light' : 'common.theme_dark')}
      onClick={toggleTheme}
    />
  );
}
