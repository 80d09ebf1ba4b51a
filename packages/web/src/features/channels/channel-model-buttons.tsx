// The channel editor's model buttons (console-screens §1.4 row 7a) and the sub-dialogs they open; loaded
// with the editor's first form, apart from the channel route's own chunk.
import { Button, ButtonGroup } from '@blueprintjs/core';
import {
  type ChannelFormValues,
  listChannelModels,
  listsProviderModels,
  modelsClipboardText,
  withDefaultModels,
} from '@gw/core';
import { lazy, Suspense, useState } from 'react';
import { useApp } from '../../app/app-context';
import type { FieldAddonApi } from '../../kit/form-dialog';
import { copyText } from '../../lib/clipboard';
import { useServerStep } from '../../kit/mutations';
import { useT } from '../../lib/use-t';

// The sub-dialogs load when first opened.
const ModelSelectorDialog = lazy(() =>
  import('./model-selector-dialog').then((module) => ({ default: module.ModelSelectorDialog })),
);
const ChannelCheckDialog = lazy(() =>
  import('./channel-check-dialog').then((module) => ({ default: module.ChannelCheckDialog })),
);

/** Copy, fill the type's default models, fetch from the provider (§1.4 row 7a), check (edit only). */
export function ModelButtons({ api }: { api: FieldAddonApi<ChannelFormValues> }) {
  const t = useT();
  const { client } = useApp();
  const [selecting, setSelecting] = useState(false);
  const [checking, setChecking] = useState(false);
  const filling = useServerStep();
  const { values } = api;
  const models = values.models ?? [];
  const fill = () =>
    filling.run(async () => {
      const catalogue = (await listChannelModels(client)).data;
      api.set({ models: withDefaultModels(values.type, models, catalogue) });
    });
  const mappingText = api.valueOf('model_mapping');
  return (
    <>
      <ButtonGroup className="gw-channel-model-buttons">
        <Button
          size="small"
          icon="duplicate"
          text={t('channels.editor.copy_models')}
          disabled={models.length === 0}
          onClick={() => void copyText(modelsClipboardText(models), t('channels.fields.models'), t)}
        />
        {!api.readOnly && (
          <Button
            size="small"
            icon="add-to-artifact"
            loading={filling.busy}
            text={t('channels.editor.fill_models')}
            onClick={() => void fill()}
          />
        )}
        {!api.readOnly && listsProviderModels(values.type) && (
          <Button
            size="small"
            icon="cloud-download"
            text={t('channels.editor.fetch_models')}
            onClick={() => setSelecting(true)}
          />
        )}
        {api.mode === 'edit' && values.id > 0 && (
          <Button
            size="small"
            icon="lab-test"
            text={t('channels.editor.check.button')}
            onClick={() => setChecking(true)}
          />
        )}
      </ButtonGroup>
      {selecting && (
        <Suspense fallback={null}>
          <ModelSelectorDialog
            form={{
              id: values.id,
              type: values.type,
              key: String(values.key ?? ''),
              base_url: values.base_url,
              other: values.other,
              proxy: values.proxy,
            }}
            models={models}
            mapping={typeof mappingText === 'string' ? mappingText : ''}
            onClose={() => setSelecting(false)}
            onConfirm={(merged) => {
              api.set({
                models: merged.models,
                model_mapping:
                  Object.keys(merged.mapping).length > 0 ? JSON.stringify(merged.mapping, null, 2) : '',
              });
              setSelecting(false);
            }}
          />
        </Suspense>
      )}
      {checking && (
        <Suspense fallback={null}>
          <ChannelCheckDialog
            channel={{ id: values.id, name: values.name, models: models.join(',') }}
            isOpen
            onClose={() => setChecking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
