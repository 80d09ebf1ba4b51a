import { GW_VERSION } from '@gw/core';
import { useT } from '../../lib/use-t';
import { useApp } from '../app-context';

const LICENSE_URL = 'https://opensource.org/licenses/MIT';

/** System name, version, credit to the upstream authors and the MIT licence; footer_html replaces it. */
export function SiteFooter() {
  const t = useT();
  const { site } = useApp();
  if (site?.footer_html) {
    // Raw HTML written by the site's administrator (spec §1), shown as one-hub shows it.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: administrator-authored footer HTML
    return <footer className="gw-footer" dangerouslySetInnerHTML={{ __html: site.footer_html }} />;
  }
  const name = site?.system_name || t('site.default_name');
  return (
    <footer className="gw-footer">
      <span>{t('site.footer_credit', { name, version: GW_VERSION })}</span>
      {' · '}
      <a href={LICENSE_URL} target="_blank" rel="noopener noreferrer">
        {t('site.license')}
      </a>
    </footer>
  );
}
