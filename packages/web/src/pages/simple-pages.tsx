import { NonIdealState } from '@blueprintjs/core';
import { useT } from '../lib/use-t';
import { Link } from 'react-router-dom';
import { useApp } from '../app/app-context';

/** The home page; its server-loaded content arrives in a later issue. */
export function HomePage() {
  const t = useT();
  const { site } = useApp();
  return (
    <section className="gw-page-narrow">
      <h1>{site?.system_name || t('site.default_name')}</h1>
      <p>{t('web.home_intro')}</p>
      <Link className="bp6-button bp6-intent-primary bp6-large" to="/panel">
        {t('common.console')}
      </Link>
    </section>
  );
}

/** The about page. */
export function AboutPage() {
  const t = useT();
  return (
    <section className="gw-page-narrow">
      <h1>{t('common.about')}</h1>
      <p>{t('web.about_intro')}</p>
    </section>
  );
}

/** The public price page: a centred container, 1200px wide at most, 24px padding (spec §2). */
export function PricePage() {
  const t = useT();
  return (
    <section className="gw-price">
      <h1>{t('common.price')}</h1>
      <NotAvailable />
    </section>
  );
}

/** A screen that this version does not have yet. */
export function NotAvailable() {
  const t = useT();
  return (
    <NonIdealState
      icon="info-sign"
      title={t('web.not_available')}
      description={t('web.not_available_hint')}
    />
  );
}

/** The not-found page (public and console). */
export function NotFoundPage() {
  const t = useT();
  return (
    <NonIdealState
      icon="search"
      title={t('common.not_found')}
      action={
        <Link className="bp6-button" to="/">
          {t('common.home')}
        </Link>
      }
    />
  );
}
