import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { logout } from '@gw/core';
import { useT } from '../../lib/use-t';
import { useNavigate } from 'react-router-dom';
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
    navigate('/');
  };
  const menu = (
    <Menu>
      <MenuItem icon="cog" text={t('common.settings')} onClick={() => navigate('/panel/profile')} />
      <MenuItem icon="log-out" text={t('common.sign_out')} onClick={() => void signOut()} />
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      <Button variant="minimal" aria-label={t('web.user_menu', { name: user?.username ?? '' })}>
        <UserAvatar user={user} size={26} />
      </Button>
    </Popover>
  );
}
