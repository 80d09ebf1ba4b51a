// The provider model selector (console-screens §1.5): asks the upstream for its models with the form's
// values, groups them, and hands the chosen ones (and a mapping under other names) back to the editor.
// The grouping and mapping maths are core's (provider-models.ts).
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Switch,
  Tag,
} from '@blueprintjs/core';
import {
  DEFAULT_MAPPING_OPTIONS,
  EXISTING_GROUP,
  groupProviderModels,
  groupSelection,
  invertSelection,
  keyValueRowsFromJson,
  listModelOwners,
  listPrices,
  listProviderModels,
  type MappingNameOptions,
  mappingForModels,
  mergeSelection,
  OTHER_GROUP,
  searchGroups,
  toggleGroup,
  toggleInSet,
} from '@gw/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { errorText } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './model-selector.css';

/** The editor's values the upstream is asked with (models, mapping and headers are left out). */
export interface ProviderForm {
  id: number;
  type: number;
  key: string;
  base_url: string;
  other: string;
  proxy: string;
}

interface ModelSelectorDialogProps {
  form: ProviderForm;
  /** The form's models (pre-selected) and mapping (JSON text). */
  models: readonly string[];
  mapping: string;
  onClose: () => void;
  onConfirm: (merged: { models: string[]; mapping: Record<string, string> }) => void;
}

const AFFIX_MODES: MappingNameOptions['affixMode'][] = [
  'add-prefix',
  'add-suffix',
  'remove-prefix',
  'remove-suffix',
];

/** The owner of each priced model (its channel type → the owner's name), for grouping. */
function useOwnerOf(): (model: string) => string | undefined {
  const { client } = useApp();
  const prices = useQuery({
    queryKey: ['prices', 'selector'],
    queryFn: () => listPrices(client),
    staleTime: 60_000,
  });
  const owners = useQuery({
    queryKey: ['model_owners', 'selector'],
    queryFn: () => listModelOwners(client),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const names = new Map((owners.data ?? []).map((owner) => [owner.id, owner.name]));
    const byModel = new Map((prices.data ?? []).map((price) => [price.model, names.get(price.channel_type)]));
    return (model: string) => byModel.get(model);
  }, [prices.data, owners.data]);
}

export function ModelSelectorDialog({ form, models, mapping, onClose, onConfirm }: ModelSelectorDialogProps) {
  const t = useT();
  const { client } = useApp();
  const ownerOf = useOwnerOf();
  const [openAiMode, setOpenAiMode] = useState(false);
  const [openAiUrl, setOpenAiUrl] = useState('');
  const [selected, setSelected] = useState<Set<string>>(() => new Set(models));
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState(false);
  const [overwriteModels, setOverwriteModels] = useState(false);
  const [addMapping, setAddMapping] = useState(false);
  const [naming, setNaming] = useState<MappingNameOptions>(DEFAULT_MAPPING_OPTIONS);
  const [dropOriginalNames, setDropOriginalNames] = useState(false);
  const [overwriteMapping, setOverwriteMapping] = useState(false);
  const fetched = useMutation({
    mutationFn: () =>
      listProviderModels(client, {
        ...form,
        // OpenAI-compatible mode lists as OpenAI at its own address (§1.5).
        type: openAiMode ? 1 : form.type,
        base_url: openAiMode ? openAiUrl.trim() : form.base_url,
        key: form.key.trim(),
      }),
  });
  const groups = useMemo(
    () => (fetched.data ? groupProviderModels(fetched.data, ownerOf, models) : []),
    [fetched.data, ownerOf, models],
  );
  const shownGroups = searchGroups(groups, search);
  const shownModels = shownGroups.flatMap((group) => group.models);
  const ordered = groups.flatMap((group) => group.models).filter((model) => selected.has(model));
  const entries = addMapping ? mappingForModels(ordered, naming) : {};
  const groupName = (name: string) =>
    name === EXISTING_GROUP
      ? t('channels.editor.selector.existing')
      : name === OTHER_GROUP
        ? t('channels.editor.selector.other')
        : name;
  const option = (key: keyof MappingNameOptions, labelKey: string) => (
    <Switch
      label={t(labelKey)}
      checked={Boolean(naming[key])}
      onChange={(event) => setNaming({ ...naming, [key]: event.currentTarget.checked })}
    />
  );
  const confirm = () => {
    const current = Object.fromEntries(keyValueRowsFromJson(mapping));
    onConfirm(
      mergeSelection({
        currentModels: models,
        currentMapping: current,
        selected: ordered,
        overwriteModels,
        addMapping,
        mapping: naming,
        dropOriginalNames,
        overwriteMapping,
      }),
    );
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('channels.editor.selector.title')}
      className="gw-model-selector"
    >
      <DialogBody>
        <Switch
          label={t('channels.editor.selector.openai_mode')}
          checked={openAiMode}
          onChange={(event) => setOpenAiMode(event.currentTarget.checked)}
        />
        {openAiMode && (
          <FormGroup label={t('channels.editor.selector.openai_base_url')} labelFor="selector-base-url">
            <InputGroup id="selector-base-url" value={openAiUrl} onValueChange={setOpenAiUrl} />
          </FormGroup>
        )}
        <div className="gw-selector-toolbar">
          <Button
            intent="primary"
            icon="cloud-download"
            loading={fetched.isPending}
            text={t('channels.editor.selector.fetch')}
            onClick={() => fetched.mutate()}
          />
          <InputGroup
            leftIcon="search"
            aria-label={t('channels.editor.selector.search')}
            placeholder={t('channels.editor.selector.search')}
            value={search}
            onValueChange={setSearch}
          />
          <Button
            text={t('channels.editor.selector.select_all')}
            onClick={() => setSelected(new Set([...selected, ...shownModels]))}
          />
          <Button
            text={t('channels.editor.selector.invert')}
            onClick={() => setSelected(invertSelection(shownModels, selected))}
          />
          <Button text={t('channels.editor.selector.reset')} onClick={() => setSelected(new Set(models))} />
          <Button
            variant="minimal"
            icon={collapsed ? 'expand-all' : 'collapse-all'}
            text={t(collapsed ? 'channels.editor.selector.expand' : 'channels.editor.selector.collapse')}
            onClick={() => setCollapsed(!collapsed)}
          />
        </div>
        {fetched.error && (
          <Callout intent="danger" className="gw-selector-error">
            {errorText(fetched.error, t)}
          </Callout>
        )}
        {fetched.isPending && <div className="bp6-skeleton gw-selector-skeleton" />}
        {!fetched.data && !fetched.isPending && (
          <NonIdealState description={t('channels.editor.selector.none')} />
        )}
        <div className="gw-selector-groups">
          {shownGroups.map((group) => {
            const state = groupSelection(group, selected);
            const count = group.models.filter((model) => selected.has(model)).length;
            return (
              <fieldset key={group.name} className="gw-selector-group">
                <legend>
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    labelElement={
                      <>
                        {groupName(group.name)}{' '}
                        <Tag minimal round>
                          {count}/{group.models.length}
                        </Tag>
                      </>
                    }
                    aria-label={t('channels.editor.selector.group', {
                      group: groupName(group.name),
                      selected: count,
                      total: group.models.length,
                    })}
                    onChange={() => setSelected(toggleGroup(group, selected))}
                  />
                </legend>
                {!collapsed &&
                  group.models.map((model) => (
                    <Checkbox
                      key={model}
                      inline
                      label={model}
                      checked={selected.has(model)}
                      onChange={() => setSelected(toggleInSet(selected, model))}
                    />
                  ))}
              </fieldset>
            );
          })}
        </div>
        <div className="gw-selector-options">
          <Switch
            label={t('channels.editor.selector.overwrite_models')}
            checked={overwriteModels}
            onChange={(event) => setOverwriteModels(event.currentTarget.checked)}
          />
          <Switch
            label={t('channels.editor.selector.add_mapping')}
            checked={addMapping}
            onChange={(event) => setAddMapping(event.currentTarget.checked)}
          />
          {addMapping && (
            <div className="gw-selector-mapping">
              <div className="gw-selector-affix">
                <FormGroup label={t('channels.editor.selector.affix')} labelFor="selector-affix">
                  <InputGroup
                    id="selector-affix"
                    value={naming.affix}
                    onValueChange={(affix) => setNaming({ ...naming, affix })}
                  />
                </FormGroup>
                <FormGroup label={t('channels.editor.selector.affix_mode')} labelFor="selector-affix-mode">
                  <HTMLSelect
                    id="selector-affix-mode"
                    value={naming.affixMode}
                    options={AFFIX_MODES.map((mode) => ({
                      value: mode,
                      label: t(`channels.editor.selector.${mode.replace('-', '_')}`),
                    }))}
                    onChange={(event) =>
                      setNaming({
                        ...naming,
                        affixMode: event.currentTarget.value as MappingNameOptions['affixMode'],
                      })
                    }
                  />
                </FormGroup>
              </div>
              {option('stripVendor', 'channels.editor.selector.strip_vendor')}
              {option('lowercase', 'channels.editor.selector.lowercase')}
              {option('plus', 'channels.editor.selector.plus')}
              <Switch
                label={t('channels.editor.selector.drop_original')}
                checked={dropOriginalNames}
                onChange={(event) => setDropOriginalNames(event.currentTarget.checked)}
              />
              <Switch
                label={t('channels.editor.selector.overwrite_mapping')}
                checked={overwriteMapping}
                onChange={(event) => setOverwriteMapping(event.currentTarget.checked)}
              />
              <FormGroup label={t('channels.editor.selector.preview')} labelFor="selector-preview">
                <pre id="selector-preview" className="gw-selector-preview" role="status">
                  {JSON.stringify(entries, null, 2)}
                </pre>
              </FormGroup>
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        minimal
        actions={
          <>
            <span className="gw-selector-summary" role="status">
              {t('channels.editor.selector.summary', {
                count: ordered.length,
                mappings: Object.keys(entries).length,
              })}
            </span>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('channels.editor.selector.confirm')} onClick={confirm} />
          </>
        }
      />
    </Dialog>
  );
}
