import { Classes } from '@blueprintjs/core';
import { breadcrumbsFor } from '@gw/core';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../lib/use-t';

/**
 * Dashboard > group > item for the current page, from core's navigation model. Drawn with
 * Blueprint's breadcrumb styles; its component would bring an overflow popover the trail never needs.
 */
export function PanelBreadcrumbs() {
  const t = useT();
  const { pathname } = useLocation();
  // A crumb titled like the one before it goes: the Dashboard group's items would read
  // "Dashboard > Dashboard > Analytics", the dashboard itself "Dashboard" three times.
  const crumbs = breadcrumbsFor(pathname).filter(
    (crumb, index, all) => index === 0 || t(crumb.title) !== t(all[index - 1]?.title ?? ''),
  );
  if (crumbs.length === 0) return null;
  return (
    <nav className="gw-breadcrumbs" aria-label={t('web.breadcrumbs')}>
      <ul className={Classes.BREADCRUMBS}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.title}:${crumb.url ?? ''}`}>
              {crumb.url && !last ? (
                <Link className={Classes.BREADCRUMB} to={crumb.url}>
                  {t(crumb.title)}
                </Link>
              ) : (
                <span
                  className={`${Classes.BREADCRUMB}${last ? ` ${Classes.BREADCRUMB_CURRENT}` : ''}`}
                  aria-current={last ? 'page' : undefined}
                >
                  {t(crumb.title)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
