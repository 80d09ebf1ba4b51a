import { Button, Card, H4, Tag } from '@blueprintjs/core';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import {
  changedOptions,
  listSafeTools,
  type OptionCard as OptionCardDef,
  keepsWhenBlank,
  type OptionDefinition,
  optionEditRefusal,
  optionEditText,
  optionLabelKey,
  savesOnClick,
  type Translate,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useApp } from '../../app/app-context';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { OptionField } from './option-field';
import { failureText, useOptionWriter } from './use-options';

interface OptionCardProps {
  card: OptionCardDef;
  loaded: ReadonlyMap<string, string>;
  /** Notes and tools the card shows under its fields (log clean-up, the proxy note…). */
  extra?: ReactNode;
  /** Notes the card shows above its fields (provider URLs, proxy and payment notes). */
  note?: ReactNode;
}

/** A refusal of core's rule, worded with the option's label instead of its key. */
function refusalText(def: OptionDefinition, value: string, t: Translate): string | undefined {
  if (keepsWhenBlank(def) && value === '') return undefined;
  const refusal = optionEditRefusal(def.key, value);
  return refusal ? t(refusal.key, { ...refusal.params, option: t(optionLabelKey(def.key)) }) : undefined;
}

/**
 * One card of options: `…Enabled` switches save on click; the other fields save with the card's Save
 * (or their own, on per-field cards), which writes only what changed and nothing while a field is wrong.
 */
export function OptionCard({ card, loaded, extra, note }: OptionCardProps) {
  const t = useT();
  const { client } = useApp();
  const write = useOptionWriter();
  const [edits, setEdits] = useState<ReadonlyMap<string, string>>(new Map());
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [confirmOff, setConfirmOff] = useState<OptionDefinition | undefined>();
  const safeTools = useQuery({
    queryKey: ['options', 'safe_tools'],
    queryFn: () => listSafeTools(client),
    enabled: card.options.some((def) => def.key === 'SafeToolName'),
  });

  const shownValue = (def: OptionDefinition) =>
    edits.get(def.key) ?? (def.secret ? '' : optionEditText(def, loaded.get(def.key) ?? def.default));
  const errorOf = (def: OptionDefinition) =>
    failures[def.key] ?? (edits.has(def.key) ? refusalText(def, shownValue(def), t) : undefined);

  const run = async (writes: { key: string; value: string }[], doneKey: string) => {
    setBusy(true);
    const failure = await write(writes);
    setBusy(false);
    const written = failure
      ? writes.slice(
          0,
          writes.findIndex((w) => w.key === failure.key),
        )
      : writes;
    setEdits((current) => {
      const next = new Map(current);
      for (const { key } of written) next.delete(key);
      return next;
    });
    setFailures(failure ? { [failure.key]: failureText(failure.error, t) } : {});
    if (failure) showError(failure.error, t);
    else showToast('success', t(doneKey));
  };

  const save = (defs: readonly OptionDefinition[]) => {
    const wrong = defs.filter((def) => edits.has(def.key) && errorOf(def));
    if (wrong.length > 0) {
      showToast('error', t('options.screen.fix_errors'));
      return;
    }
    const writes = changedOptions(defs, loaded, edits);
    if (writes.length === 0) {
      showToast('info', t('options.screen.nothing_changed'));
      return;
    }
    void run(writes, 'options.screen.saved');
  };

  const toggle = (def: OptionDefinition, value: string) => {
    if (def.key === 'PasswordLoginEnabled' && value === 'false') {
      setConfirmOff(def);
      return;
    }
    void run([{ key: def.key, value }], 'options.screen.set_done');
  };

  const change = (def: OptionDefinition, value: string) => {
    if (savesOnClick(def)) {
      toggle(def, value);
      return;
    }
    setFailures(({ [def.key]: _dropped, ...rest }) => rest);
    setEdits((current) => new Map(current).set(def.key, value));
  };

  const cardSaved = card.options.some((def) => !savesOnClick(def));
  return (
    <Card className="gw-option-card" aria-label={t(`options.cards.${card.card}`)} role="region">
      <H4>
        {t(`options.cards.${card.card}`)}
        {card.card === 'safety' ? (
          <Tag minimal intent="warning" className="gw-option-beta">
            {t('options.screen.beta')}
          </Tag>
        ) : null}
      </H4>
      {note}
      {card.options.map((def) => (
        <OptionField
          key={def.key}
          def={def}
          value={shownValue(def)}
          error={errorOf(def)}
          choices={def.key === 'SafeToolName' ? safeTools.data : undefined}
          busy={busy}
          onChange={(value) => change(def, value)}
          onSave={card.perField && !savesOnClick(def) ? () => save([def]) : undefined}
        />
      ))}
      {extra}
      {cardSaved && !card.perField ? (
        <Button
          intent="primary"
          text={t('options.screen.save')}
          loading={busy}
          onClick={() => save(card.options)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={confirmOff !== undefined}
        title={t('options.screen.password_off_title')}
        actionText={t('common.confirm')}
        intent="warning"
        icon="warning-sign"
        onCancel={() => setConfirmOff(undefined)}
        onConfirm={() => {
          const def = confirmOff;
          setConfirmOff(undefined);
          if (def) void run([{ key: def.key, value: 'false' }], 'options.screen.set_done');
        }}
      >
        {t('options.screen.password_off_warning')}
      </ConfirmDialog>
    </Card>
  );
}
