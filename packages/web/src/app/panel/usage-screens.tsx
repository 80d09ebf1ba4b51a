import { Spinner } from '@blueprintjs/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { ModelCatalogueRoute, PricePage } from '../../features/model-catalogue/model-catalogue-route';

// The billing and usage screens of this module load through it: the console shell lists this one
// small file instead of each screen's files and their shared chunks (the first screen's budget).
const SCREENS: Record<UsageScreenId, ComponentType> = {
  // The catalogue's route module is small and loads its screen itself (it is also the public price page).
  model_price: ModelCatalogueRoute,
  midjourney: lazy(() =>
    import('../../features/midjourney/midjourney-page').then((module) => ({
      default: module.MidjourneyPage,
    })),
  ),
  task: lazy(() => import('../../features/tasks/task-page').then((module) => ({ default: module.TaskPage }))),
  log: lazy(() => import('../../features/logs/log-page').then((module) => ({ default: module.LogPage }))),
  invoice: lazy(() =>
    import('../../features/invoices/invoice-page').then((module) => ({ default: module.InvoicePage })),
  ),
};

export type UsageScreenId = 'model_price' | 'log' | 'midjourney' | 'task' | 'invoice';

/** One of the billing and usage screens: available models, logs, Midjourney, async tasks, monthly bills. */
export function UsageScreen({ id }: { id: UsageScreenId }) {
  const Screen = SCREENS[id];
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <Screen />
    </Suspense>
  );
}

/** The public price page (spec §12.6), which shares the catalogue's code with the console. */
export { PricePage as PublicPricePage };
