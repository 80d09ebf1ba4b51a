import { LANGUAGE_NAMES, LANGUAGES } from '@gw/core';
import { DropdownMenu } from '../../components/dropdown-menu';
import { useT } from '../../lib/use-t';
import { usePreferences } from '../preferences';

/** Picks the interface language; the choice is saved. */
export function LanguageMenu() {
  const t = useT();
  const { language, setLanguage } = usePreferences();
  return (
    <DropdownMenu
      label={t('common.language')}
      icon="translate"
      items={LANGUAGES.map((code) => ({
        key: code,
        text: LANGUAGE_NAMES[code],
        active: code === language,
        onSelect: () => setLanguage(code),
      }))}
    />
  );
}
