import { Callout, Card, Spinner } from '@blueprintjs/core';
import { getAbout } from '@gw/core';
import { lazy, Suspense } from 'react';
import { useApp } from '../../app/app-context';
import { useT } from '../../lib/use-t';
import { useSiteText } from './use-site-text';

// marked and DOMPurify load only when there is a text to draw.
const SiteContentView = lazy(() =>
  import('./site-content-view').then((module) => ({ default: module.SiteContentView })),
);

/** The about page (§12.2): the operator's text when set, else a card about gw. */
export function AboutPage() {
  const t = useT();
  const { client } = useApp();
  const { content, failed } = useSiteText(client, 'about', getAbout, t);
  if (content.kind !== 'empty')
    return (
      <section className={content.kind === 'url' ? 'gw-site-full' : 'gw-page-narrow'}>
        <Suspense fallback={<Spinner />}>
          <SiteContentView content={content} title={t('common.about')} />
        </Suspense>
      </section>
    );
  return (
    <section className="gw-page-narrow">
      <Card>
        <h1>{t('common.about')}</h1>
        <p>{t('web.about_intro')}</p>
      </Card>
      {failed ? (
        <Callout intent="danger" className="gw-site-failed">
          {t('web.about_load_failed')}
        </Callout>
      ) : null}
    </section>
  );
}
