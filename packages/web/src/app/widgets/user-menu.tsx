import { logout } from '@gw/core';
import { useT } from '../../lib/use-t';
import { useNavigate } from 'react-router-dom';
import { DropdownMenu } from '../../components/dropdown-menu';
import { useApp, useUser } from '../app-context';
import { UserAvatar } from './user-avatar';

/** The avatar menu: Settings (profile) and Sign out (server call, stored user cleared, home). */
export function UserMenu() {
  const t = useT();
  const { client, session } = useApp();
  const user = useUser();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await logout(client);
    } catch {
      // The session ends locally either way; a dead server must not keep the user signed in here.
    }
    session.clear();
    // A fresh page load of home: the panel's sign-in guard cannot race the navigation to /login, and
    // nothing the signed-in user loaded stays in the page's caches.
    window.location.assign('/');
  };
  return (
    <DropdownMenu
      label={t('web.user_menu', { name: user?.username ?? '' })}
      items={[
        {
          key: 'settings',
          icon: 'cog',
          text: t('common.settings'),
          onSelect: () => navigate('/panel/profile'),
        },
        { key: 'sign-out', icon: 'log-out', text: t('common.sign_out'), onSelect: () => void signOut() },
      ]}
    >
      <UserAvatar user={user} size={26} />
    </DropdownMenu>
  );
}
