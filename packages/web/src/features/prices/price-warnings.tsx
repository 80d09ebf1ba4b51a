import { Callout } from '@blueprintjs/core';
import { listPriceModels, listStoredPrices, pricesWithoutOwner, unpricedModels } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../app/app-context';
import { useT } from '../../lib/use-t';

/**
 * The pricing page's warnings (console-screens §17): models in use that no price covers, and prices
 * without an owner. Keyed under `prices`, so every price change reloads them.
 */
export function PriceWarnings() {
  const t = useT();
  const { client } = useApp();
  const coverage = useQuery({
    queryKey: ['prices', 'coverage'],
    queryFn: async () => {
      const [models, prices] = await Promise.all([listPriceModels(client), listStoredPrices(client)]);
      return { unpriced: unpricedModels(models, prices), ownerless: pricesWithoutOwner(prices) };
    },
  });
  const { unpriced = [], ownerless = [] } = coverage.data ?? {};
  return (
    <>
      {unpriced.length > 0 && (
        <Callout intent="warning" className="gw-screen-notice" role="alert">
          {t('prices.warnings.unpriced', { count: unpriced.length, models: unpriced.join(', ') })}
        </Callout>
      )}
      {ownerless.length > 0 && (
        <Callout intent="warning" className="gw-screen-notice" role="alert">
          {t('prices.warnings.no_owner', { count: ownerless.length, models: ownerless.join(', ') })}
        </Callout>
      )}
    </>
  );
}
