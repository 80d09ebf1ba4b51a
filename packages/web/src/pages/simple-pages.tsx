import { Button, ButtonGroup, NonIdealState } from '@blueprintjs/core';
import { useT } from '../lib/use-t';
import { Link, useNavigate } from 'react-router-dom';

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
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="search"
      title={t('common.not_found')}
      action={
        <ButtonGroup>
          <Button icon="arrow-left" text={t('common.back')} onClick={() => navigate(-1)} />
          <Link className="bp6-button" to="/">
            {t('common.home')}
          </Link>
        </ButtonGroup>
      }
    />
  );
}
