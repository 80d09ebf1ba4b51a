import { lazy, Suspense } from 'react';

// The screen's own code loads when it is first shown; this small module is the console's route and the
// public price page.
const ModelCataloguePage = lazy(() =>
  import('./model-catalogue-page').then((module) => ({ default: module.ModelCataloguePage })),
);

/** Available models in the console (`/panel/model_price`, console-screens §16). */
export function ModelCatalogueRoute() {
  return (
    <Suspense fallback={null}>
      <ModelCataloguePage />
    </Suspense>
  );
}

/** The public price page (spec §12.6): the available models in a centred container (max 1200px, 24px padding). */
export function PricePage() {
  return (
    <section className="gw-price">
      <Suspense fallback={null}>
        <ModelCataloguePage publicPage />
      </Suspense>
    </section>
  );
}
