import { Classes, Collapse, Icon, type IconName } from '@blueprintjs/core';
import { GW_VERSION, type MenuItem, NAVIGATION, navigationForRole, openCollapsesFor } from '@gw/core';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/use-t';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApp, useUser } from '../app-context';
import { UserAvatar } from '../widgets/user-avatar';

/** The console menu from core's navigation model, filtered by the user's role (spec §2). */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const user = useUser();
  const { site } = useApp();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Site features (the monthly bills) show their items only while they are on.
  const menu = navigationForRole(user?.role ?? 0, NAVIGATION, site);
  const [openIds, setOpenIds] = useState<string[]>(() => openCollapsesFor(pathname));
  useEffect(() => {
    setOpenIds((ids) => [...new Set([...ids, ...openCollapsesFor(pathname)])]);
  }, [pathname]);
  const toggle = (id: string) =>
    setOpenIds((ids) => (ids.includes(id) ? ids.filter((open) => open !== id) : [...ids, id]));

  const renderEntry = (entry: MenuItem) => {
    if (entry.type === 'item') {
      const selected = entry.url === pathname;
      return (
        <li key={entry.id}>
          <Link
            to={entry.url ?? '/panel'}
            className={selected ? 'gw-nav-item gw-selected' : 'gw-nav-item'}
            aria-current={selected ? 'page' : undefined}
            onClick={onNavigate}
          >
            {entry.icon && <Icon icon={entry.icon as IconName} />}
            <span>{t(entry.title)}</span>
          </Link>
        </li>
      );
    }
    if (entry.type === 'collapse') {
      const open = openIds.includes(entry.id);
      return (
        <li key={entry.id}>
          <button type="button" className="gw-nav-item" aria-expanded={open} onClick={() => toggle(entry.id)}>
            {entry.icon && <Icon icon={entry.icon as IconName} />}
            <span>{t(entry.title)}</span>
            <Icon className="gw-nav-caret" icon={open ? 'caret-up' : 'caret-down'} />
          </button>
          <Collapse isOpen={open} keepChildrenMounted={false}>
            <ul className="gw-nav-list gw-nav-nested">{(entry.children ?? []).map(renderEntry)}</ul>
          </Collapse>
        </li>
      );
    }
    return (
      <li key={entry.id} className="gw-nav-error">
        {t('nav.items_error')}
      </li>
    );
  };

  return (
    <nav className="gw-sidebar-inner" aria-label={t('web.sidebar')}>
      <div className="gw-welcome">
        <button
          type="button"
          className="gw-avatar-button"
          aria-label={t('nav.profile')}
          onClick={() => {
            navigate('/panel/profile');
            onNavigate();
          }}
        >
          <UserAvatar user={user} size={44} />
        </button>
        <div>
          <div className="gw-welcome-title">{t('common.welcome')}</div>
          <strong>{user?.username}</strong>
        </div>
        {/* Blueprint's tag styles without its component, which brings a remove button the chip never has. */}
        <span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND} gw-version-chip`}>
          {GW_VERSION}
        </span>
      </div>
      {menu.map((group) =>
        group.type === 'group' ? (
          <section key={group.id} className="gw-nav-group">
            <h6 className="gw-nav-group-title">{t(group.title)}</h6>
            <ul className="gw-nav-list">{(group.children ?? []).map(renderEntry)}</ul>
          </section>
        ) : (
          <div key={group.id} className="gw-nav-error">
            {t('nav.error')}
          </div>
        ),
      )}
    </nav>
  );
}
