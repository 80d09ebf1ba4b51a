import { Alignment, Button, Navbar } from '@blueprintjs/core';
import { useT } from '../../lib/use-t';
import { LanguageMenu } from '../widgets/language-menu';
import { NoticeButton } from '../widgets/notice-button';
import { SiteLogo } from '../widgets/site-logo';
import { ThemeToggle } from '../widgets/theme-toggle';
import { UserMenu } from '../widgets/user-menu';

/** The console's top bar: logo, menu toggle, command palette, notice, theme, language, avatar menu. */
export function PanelTopBar({
  onToggleMenu,
  menuOpen,
  onOpenPalette,
}: {
  onToggleMenu: () => void;
  menuOpen: boolean;
  onOpenPalette: () => void;
}) {
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
        <Button
          variant="minimal"
          icon="search"
          aria-label={t('web.open_palette')}
          title={t('web.open_palette')}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={onOpenPalette}
        />
        <NoticeButton />
        <ThemeToggle />
        <LanguageMenu />
        <UserMenu />
      </Navbar.Group>
    </Navbar>
  );
}
