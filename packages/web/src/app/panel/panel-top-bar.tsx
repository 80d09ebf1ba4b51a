import { Alignment, Button, Navbar } from '@blueprintjs/core';
import { useT } from '../../lib/use-t';
import { LanguageMenu } from '../widgets/language-menu';
import { SiteLogo } from '../widgets/site-logo';
import { ThemeToggle } from '../widgets/theme-toggle';
import { UserMenu } from '../widgets/user-menu';
import { NoticeButton } from './notice-button';

/** The console's top bar: logo, menu toggle, notice, theme, language and the avatar menu. */
export function PanelTopBar({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const t = useT();
  return (
    <Navbar fixedToTop className="gw-topbar">
      <Navbar.Group align={Alignment.START}>
        <SiteLogo />
        <Button
          variant="minimal"
          icon="menu"
          aria-label={t('web.toggle_menu')}
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        />
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <NoticeButton />
        <ThemeToggle />
        <LanguageMenu />
        <UserMenu />
      </Navbar.Group>
    </Navbar>
  );
}
