import {
  changedOptions,
  type FieldOption,
  listOptions,
  OPTION_SCREEN_TABS,
  type OptionCard,
  optionCards,
  optionEditRefusal,
  optionEditText,
  optionHelpKey,
  optionLabelKey,
  optionsToMap,
  savesOnClick,
  updateOption,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { PICK_BINDINGS } from '../../kit/choice-picker.js';
import { editField, picksFromList } from '../../kit/field-keys.js';
import { FieldLine, formLabelWidth } from '../../kit/field-line.js';
import { errorText } from '../../lib/error-text.js';
import { optionFieldKind } from './option-fields.js';

const BINDINGS = [
  { keys: 'Ctrl-s', labelKey: 'tui.keys.save_card' },
  { keys: 'PgDn/PgUp', labelKey: 'tui.keys.next_card' },
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
  { keys: '←/→', labelKey: 'tui.keys.choose' },
  { keys: 'Space', labelKey: 'tui.forms.open_choices' },
];

/** Every card of the three tabs in screen order (PgDn walks through them, tab by tab). */
const CARDS: readonly OptionCard[] = OPTION_SCREEN_TABS.flatMap((tab) => optionCards(tab));

/**
 * Settings (console-screens §24) from core's option registry: one card at a time, its options by kind;
 * an `…Enabled` switch saves at once, the rest of a card with Ctrl-s (only what changed, each value
 * checked by core's rules first, a refusal shown by its field).
 */
export function SettingsScreen() {
  const { t, glyphs, readOnly, columns } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, string>>();
  const [edited, setEdited] = useState<ReadonlyMap<string, string>>(new Map());
  const [cardIndex, setCardIndex] = useState(0);
  const [focus, setFocus] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A select's ink-select-input list is open under the focused option; it has the keys meanwhile.
  const [picking, setPicking] = useState(false);
  const card = CARDS[cardIndex] ?? CARDS[0];
  const options = card?.options ?? [];

  const reload = useCallback(
    () => listOptions(client).then((list) => setLoaded(optionsToMap(list)), host.notifyError),
    [client, host.notifyError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  // Read-only, nothing is typed: the console's own keys (`:`, `?`, `q`) work here as on a list.
  // Editing, the cards type (Esc back and Ctrl-c quit close the footer); a picker keeps its own keys.
  useScreenFrame(
    picking ? PICK_BINDINGS : readOnly ? BINDINGS.slice(1, 3) : BINDINGS,
    readOnly ? false : picking ? true : 'typing',
  );

  const shown = (key: string) => {
    const def = options.find((one) => one.key === key);
    if (!def) return '';
    const value = edited.get(key);
    if (value !== undefined) return value;
    return def.secret ? '' : optionEditText(def, loaded?.get(key) ?? def.default);
  };
  const write = async (writes: { key: string; value: string }[]) => {
    const refusals: Record<string, string> = {};
    for (const write of writes) {
      const refusal = optionEditRefusal(write.key, write.value);
      if (refusal) refusals[write.key] = t(refusal.key, refusal.params);
    }
    if (Object.keys(refusals).length > 0) {
      setErrors(refusals);
      return host.notify(t('options.screen.fix_errors'), 'error');
    }
    if (writes.length === 0) return host.notify(t('options.screen.nothing_changed'));
    setBusy(true);
    try {
      for (const one of writes) await updateOption(client, one.key, one.value);
      setErrors({});
      setEdited(new Map());
      const instant =
        writes.length === 1 && options.some((def) => def.key === writes[0]?.key && savesOnClick(def));
      host.notify(t(instant ? 'options.screen.set_done' : 'options.screen.saved'));
    } catch (error) {
      host.notify(errorText(error, t), 'error');
    }
    setBusy(false);
    await reload();
  };
  const save = () => {
    if (!loaded || !card) return;
    void write(changedOptions(card.options, loaded, edited));
  };
  const setText = (key: string, text: string) => {
    setEdited(new Map(edited).set(key, text));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const moveCard = (step: number) => {
    setCardIndex((cardIndex + step + CARDS.length) % CARDS.length);
    setFocus(0);
    setErrors({});
  };

  useKeys((input, key) => {
    if (picking) return;
    if (key.escape) return host.leave();
    if (key.pageDown) return moveCard(1);
    if (key.pageUp) return moveCard(-1);
    if ((key.tab && key.shift) || key.upArrow) return setFocus((focus - 1 + options.length) % options.length);
    if (key.tab || key.downArrow) return setFocus((focus + 1) % options.length);
    if (readOnly || busy || !loaded) return;
    if (key.ctrl && input === 's') return save();
    const def = options[focus];
    if (!def) return;
    const kind = optionFieldKind(def);
    if (key.return && kind !== 'textarea') return save();
    if (key.return) return setEdited(new Map(edited).set(def.key, `${shown(def.key)}\n`));
    if (input === ' ' && picksFromList(kind, choicesOf(def))) return setPicking(true);
    const value = kind === 'switch' ? shown(def.key) === 'true' : shown(def.key);
    const next = editField(kind, { value, browse: 0, typed: '' }, input, key, choicesOf(def), (o) =>
      String(o.value),
    );
    if (!next) return;
    const text = kind === 'switch' ? String(Boolean(next.value)) : String(next.value ?? '');
    if (kind === 'switch' && savesOnClick(def)) return void write([{ key: def.key, value: text }]);
    setText(def.key, text);
  }, host.active);

  const labelWidth = useMemo(
    () =>
      formLabelWidth(
        options.map((def) => t(optionLabelKey(def.key))),
        columns,
      ),
    [options, t, columns],
  );
  if (!card) return null;
  const room = Math.max(2, Math.floor((host.height - 3) / 2));
  const first = Math.max(0, Math.min(focus - Math.floor(room / 2), options.length - room));
  const tabLine = OPTION_SCREEN_TABS.map((tab) =>
    tab === card.tab ? `[${t(`options.tabs.${tab}`)}]` : ` ${t(`options.tabs.${tab}`)} `,
  ).join(' ');
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">
        {glyphs.text(
          `${tabLine}  ${t(`options.cards.${card.card}`)} (${cardIndex + 1}/${CARDS.length})${edited.size ? ` ${t('tui.settings.unsaved', { count: edited.size })}` : ''}`,
        )}
      </Text>
      {loaded === undefined ? <Text dimColor>{glyphs.text(t('common.loading'))}</Text> : null}
      {options.slice(first, first + room).map((def, offset) => {
        const kind = optionFieldKind(def);
        const value = shown(def.key);
        const help = t(optionHelpKey(def.key), { defaultValue: '' });
        return (
          <FieldLine
            key={def.key}
            kind={def.secret ? 'password' : kind}
            label={t(optionLabelKey(def.key))}
            labelWidth={labelWidth}
            edit={{ value: kind === 'switch' ? value === 'true' : value, browse: 0, typed: '' }}
            focus={first + offset === focus}
            readOnly={readOnly}
            options={choicesOf(def)}
            optionLabel={(option) => String(option.value)}
            help={
              def.secret && !edited.has(def.key) ? t('options.screen.secret_placeholder') : help || undefined
            }
            error={errors[def.key]}
            onText={(text) => setText(def.key, text)}
            typing={host.active && !busy && loaded !== undefined && !picking}
            picking={picking}
            onPick={(value) => {
              setPicking(false);
              setText(def.key, String(value));
            }}
            onPickClose={() => setPicking(false)}
          />
        );
      })}
    </Box>
  );
}

/** The fixed choices of a `choice` option. */
function choicesOf(def: OptionCard['options'][number]): FieldOption[] | undefined {
  return def.choices?.map((choice) => ({ value: choice, label: choice }));
}
