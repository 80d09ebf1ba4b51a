import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { LANGUAGE_NAMES, LANGUAGES } from '@gw/core';
import { useT } from '../../lib/use-t';
import { usePreferences } from '../preferences';

/** Picks the interface language; the choice is saved. */
export function LanguageMenu() {
  const t = useT();
  const { language, setLanguage } = usePreferences();
  const menu = (
    <Menu aria-label={t('common.language')}>
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          text={LANGUAGE_NAMES[code]}
          active={code === language}
          roleStructure="listoption"
          selected={code === language}
          onClick={() => setLanguage(code)}
        />
      ))}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      <Button variant="minimal" icon="translate" aria-label={t('common.language')} />
    </Popover>
  );
}
