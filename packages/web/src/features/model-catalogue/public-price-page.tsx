import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';

// Loaded from here, not from the public routes, so the first page lists only this small chunk.
const ModelCataloguePage = lazy(() =>
  import('./model-catalogue-page').then((module) => ({ default: module.ModelCataloguePage })),
);

/** The public price page (spec §12.6): the available models in a centred container (max 1200px, 24px padding). */
export function PricePage() {
  return (
    <section className="gw-price">
      <Suspense fallback={<Spinner className="gw-page-spinner" />}>
        <ModelCataloguePage publicPage />
      </Suspense>
    </section>
  );
}
