import { useT } from '../../lib/use-t';
import { Link } from 'react-router-dom';
import { useApp } from '../app-context';

/** The site logo linking home: the site's own logo when set, else a text mark; hidden while loading. */
export function SiteLogo() {
  const t = useT();
  const { site } = useApp();
  if (!site) return <span className="gw-logo" />;
  const name = site.system_name || t('site.default_name');
  return (
    <Link to="/" className="gw-logo" aria-label={t('web.home_link', { name })}>
      {site.logo ? <img src={site.logo} alt="" height={28} /> : <span className="gw-logo-mark">gw</span>}
      <span className="gw-logo-name">{name}</span>
    </Link>
  );
}
