// The channel editor (console-screens §1.4) is the kit's form dialog over core's CHANNEL_FORM; this file
// adds what only a browser does: the model buttons with the provider model selector and the model
// check, the notice of a channel locked by its tag, and the tag editor opener.
import { Button, ButtonGroup, Callout } from '@blueprintjs/core';
import {
  CHANNEL_TAG_FORM,
  type ChannelFormValues,
  type ChannelTagDetail,
  listChannelModels,
  listsProviderModels,
  modelsClipboardText,
  withDefaultModels,
} from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { FormDialog, type FieldAddonApi, type ValuesDialogExtras } from '../../kit/form-dialog';
import { queryClient } from '../../kit/query-client';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { ChannelCheckDialog } from './channel-check-dialog';
import { ModelSelectorDialog } from './model-selector-dialog';
import './channel-editor.css';

/** Copy, fill the type's default models, fetch from the provider (§1.4 row 7a), check (edit only). */
function ModelButtons({ api }: { api: FieldAddonApi<ChannelFormValues> }) {
  const t = useT();
  const { client } = useApp();
  const [selecting, setSelecting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [filling, setFilling] = useState(false);
  const { values } = api;
  const models = values.models ?? [];
  const fill = async () => {
    setFilling(true);
    try {
      const catalogue = (await listChannelModels(client)).data;
      api.set({ models: withDefaultModels(values.type, models, catalogue) });
    } catch (error) {
      showError(error, t);
    } finally {
      setFilling(false);
    }
  };
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
            loading={filling}
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
      )}
      <ChannelCheckDialog
        channel={{ id: values.id, name: values.name, models: models.join(',') }}
        isOpen={checking}
        onClose={() => setChecking(false)}
      />
    </>
  );
}

/** The notice above a channel whose tag-only fields are locked. */
function LockedNotice({ tag }: { tag: string }) {
  const t = useT();
  return (
    <Callout intent="warning" className="gw-channel-locked">
      {t('channels.editor.locked_by_tag', { tag })}
    </Callout>
  );
}

/** What the channel screen adds to the kit's form dialog (pass as `formExtras` / `extras`). */
export const CHANNEL_EDITOR_EXTRAS: ValuesDialogExtras<ChannelFormValues> = {
  className: 'gw-channel-editor',
  banner: (values) => (values.locked ? <LockedNotice tag={values.tag} /> : null),
  addons: { models: (api) => <ModelButtons api={api} /> },
};

/**
 * The editor in tag mode (§1.4): opened on a tag row with its name; loads `GET /api/channel_tag/:tag`,
 * saves `PUT /api/channel_tag/:tag`, and refreshes the channel lists.
 */
export function ChannelTagEditor({ tag, onClose }: { tag: string; onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FormDialog
        form={CHANNEL_TAG_FORM}
        entity="channels"
        row={{ tag } as ChannelTagDetail}
        titleKey="channels.editor.tag_title"
        titleParams={{ tag }}
        doneKey="channels.editor.updated"
        extras={CHANNEL_EDITOR_EXTRAS}
        onClose={onClose}
      />
    </QueryClientProvider>
  );
}
