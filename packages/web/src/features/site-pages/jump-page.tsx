import { NonIdealState, Spinner } from '@blueprintjs/core';
import { jumpTarget } from '@gw/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useT } from '../../lib/use-t';

/**
 * `/jump?url=…` (console-screens §12.4): opens a desktop chat app's link (`opencat://`, `ama://`) and
 * says so; any other URL is not followed, so the page cannot send people to an arbitrary site.
 */
export function JumpPage() {
  const t = useT();
  const ready = useScreenSections(['playground']);
  const { search } = useLocation();
  const target = jumpTarget(new URLSearchParams(search).get('url'));
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  if (!ready) return <Spinner className="gw-page-spinner" />;
  return (
    <NonIdealState
      icon={target ? <Spinner size={40} /> : 'error'}
      title={t('playground.jump.title')}
      description={t(target ? 'playground.jump.hint' : 'playground.jump.refused')}
    />
  );
}
