import { Button, Callout, Card } from '@blueprintjs/core';
import { generateAccessToken } from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { copyText } from '../../lib/clipboard';
import { useServerStep } from '../../kit/mutations';
import { useT } from '../../lib/use-t';

/**
 * The Access token tab (§23): "Generate / reset" rotates the management token (`GET /api/user/token`),
 * shows it once in a warning callout and copies it.
 */
export function AccessTokenTab() {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const [token, setToken] = useState('');
  const { busy, run } = useServerStep();

  const generate = async () => {
    await run(async () => {
      const fresh = await generateAccessToken(client);
      setToken(fresh);
      await copyText(fresh, t('users.profile.token_name'), t);
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
    });
  };

  return (
    <Card>
      <Callout intent="primary">{t('users.profile.token_notice')}</Callout>
      <p />
      <Button
        intent="primary"
        icon="key"
        loading={busy}
        text={t('users.profile.token_generate')}
        onClick={() => void generate()}
      />
      {token && (
        <>
          <p />
          <Callout intent="danger" icon="warning-sign" title={t('users.profile.token_shown')}>
            <output className="gw-profile-token" aria-label={t('users.profile.token_name')}>
              {token}
            </output>
          </Callout>
        </>
      )}
    </Card>
  );
}
