import { Callout, Spinner } from '@blueprintjs/core';
import { getHomePageContent } from '@gw/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { useT } from '../../lib/use-t';
import { useSiteText } from './use-site-text';

// marked and DOMPurify load only when there is a text to draw: the default home page stays in the first screen.
const SiteContentView = lazy(() =>
  import('./site-content-view').then((module) => ({ default: module.SiteContentView })),
);

/** The home page (§12.1): the operator's content when set, else the default hero. */
export function HomePage() {
  const t = useT();
  const { client, site } = useApp();
  const { content, failed } = useSiteText(client, 'home_page_content', getHomePageContent, t);
  const name = site?.system_name || t('site.default_name');
  if (content.kind !== 'empty')
    return (
      <section className={content.kind === 'url' ? 'gw-site-full' : 'gw-page-narrow'}>
        <Suspense fallback={<Spinner />}>
          <SiteContentView content={content} title={name} />
        </Suspense>
      </section>
    );
  return (
    <section className="gw-page-narrow">
      <h1>{name}</h1>
      <p>{t('web.home_intro')}</p>
      <Link className="bp6-button bp6-intent-primary bp6-large" to="/panel">
        {t('common.console')}
      </Link>
      {failed ? (
        <Callout intent="danger" className="gw-site-failed">
          {t('web.home_load_failed')}
        </Callout>
      ) : null}
    </section>
  );
}
