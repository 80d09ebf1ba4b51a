import { Alignment, Navbar } from '@blueprintjs/core';
import { useT } from '../../lib/use-t';
import { Link, useNavigate } from 'react-router-dom';
import { DropdownMenu } from '../../components/dropdown-menu';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/media';
import { useUser } from '../app-context';
import { LanguageMenu } from '../widgets/language-menu';
import { NoticeButton } from '../widgets/notice-button';
import { SiteLogo } from '../widgets/site-logo';
import { ThemeToggle } from '../widgets/theme-toggle';
import { UserMenu } from '../widgets/user-menu';

interface NavLink {
  to: string;
  key: string;
}

/** Public top navigation; on small screens the links fold into one dropdown (spec §2). */
export function TopNav() {
  const t = useT();
  const user = useUser();
  const small = useMediaQuery(SMALL_SCREEN);
  const navigate = useNavigate();
  const wide: NavLink[] = [
    { to: '/', key: 'common.home' },
    ...(user ? [{ to: '/playground', key: 'common.playground' }] : []),
    { to: '/price', key: 'common.price' },
    { to: '/about', key: 'common.about' },
  ];
  const folded: NavLink[] = [
    { to: '/', key: 'common.home' },
    ...(user ? [{ to: '/playground', key: 'common.playground' }] : []),
    { to: '/about', key: 'common.about' },
    user ? { to: '/panel', key: 'common.console' } : { to: '/login', key: 'common.sign_in' },
  ];
  return (
    <Navbar className="gw-topnav">
      <Navbar.Group align={Alignment.START}>
        <SiteLogo />
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        {small ? (
          <DropdownMenu
            label={t('common.menu')}
            icon="menu"
            items={folded.map((link) => ({
              key: link.to,
              text: t(link.key),
              onSelect: () => navigate(link.to),
            }))}
          />
        ) : (
          wide.map((link) => (
            <Link key={link.to} className="bp6-button bp6-minimal" to={link.to}>
              {t(link.key)}
            </Link>
          ))
        )}
        <NoticeButton />
        <ThemeToggle />
        <LanguageMenu />
        {!small && user && (
          <Link className="bp6-button bp6-intent-primary gw-console-button" to="/panel">
            {t('common.console')}
          </Link>
        )}
        {!small && !user && (
          <Link className="bp6-button bp6-intent-primary" to="/login">
            {t('common.sign_in')}
          </Link>
        )}
        {user && <UserMenu />}
      </Navbar.Group>
    </Navbar>
  );
}
