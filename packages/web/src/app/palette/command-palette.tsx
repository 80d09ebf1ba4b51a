import { Alert, Dialog, Icon, type IconName, InputGroup } from '@blueprintjs/core';
import {
  actionEntries,
  flattenPalette,
  movePaletteIndex,
  type PaletteActionDef,
  type PaletteEntry,
  rankPalette,
  screenEntries,
  searchPaletteRecords,
} from '@gw/core';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { useApp, useUser } from '../app-context';
import './palette.css';

/** How long typing must pause before the server is asked for records. */
const SEARCH_DELAY_MS = 200;

/**
 * The command palette (issue 9): jump to a screen, find a channel, user or token, run a common
 * action. Which entries, and in what order, comes from core; this only draws them and runs the choice.
 */
export function CommandPalette({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const ready = useScreenSections(['palette']);
  const [confirming, setConfirming] = useState<PaletteActionDef | undefined>();
  return (
    <>
      {ready && (
        <Dialog
          isOpen={isOpen}
          onClose={onClose}
          className="gw-palette"
          aria-labelledby="gw-palette-title"
          transitionDuration={100}
        >
          {isOpen && <PaletteBody onClose={onClose} onConfirm={setConfirming} />}
        </Dialog>
      )}
      <ConfirmPaletteAction action={confirming} onDone={() => setConfirming(undefined)} />
    </>
  );
}

function PaletteBody({
  onClose,
  onConfirm,
}: {
  onClose: () => void;
  onConfirm: (action: PaletteActionDef) => void;
}) {
  const t = useT();
  const { client } = useApp();
  const role = useUser()?.role ?? 0;
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<PaletteEntry[]>([]);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(0);

  // Records come from the server a moment after typing stops; a later answer replaces an earlier one.
  useEffect(() => {
    if (!query.trim()) {
      setRecords([]);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      void searchPaletteRecords(client, role, query, t).then((found) => {
        if (!live) return;
        setRecords(found);
        setSearching(false);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, role, query, t]);

  const sections = useMemo(
    () => rankPalette([...actionEntries(role, t), ...screenEntries(role, t), ...records], query),
    [role, t, records, query],
  );
  const entries = flattenPalette(sections);
  const current = Math.min(active, entries.length - 1);

  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    onClose();
    if (entry.action?.run) onConfirm(entry.action);
    else if (entry.url) navigate(entry.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setActive(movePaletteIndex(current, entries.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      choose(entries[current]);
    } else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <>
      <h2 id="gw-palette-title" className="gw-visually-hidden">
        {t('palette.title')}
      </h2>
      <div className="gw-palette-input">
        <InputGroup
          autoFocus
          large
          leftIcon="search"
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.title')}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div id={listId} role="listbox" aria-label={t('palette.title')} className="gw-palette-results">
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group", a fieldset is for form controls
          <div key={section.group} role="group" aria-labelledby={`${listId}-${section.group}`}>
            <div id={`${listId}-${section.group}`} className="gw-palette-group-title">
              {t(`palette.groups.${section.group}`)}
            </div>
            {section.entries.map((entry) => {
              const index = entries.indexOf(entry);
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern keeps focus in the input (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose; a click is the mouse's way
                <div
                  key={entry.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  className="gw-palette-option"
                  // The input keeps the focus; a click chooses, hovering moves the highlight.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== current && setActive(index)}
                  onClick={() => choose(entry)}
                >
                  {entry.icon && <Icon icon={entry.icon as IconName} />}
                  <span className="gw-palette-title">{entry.title}</span>
                  {entry.detail && <span className="gw-palette-detail">{entry.detail}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {searching && <div className="gw-palette-status">{t('palette.searching')}</div>}
      {!searching && entries.length === 0 && (
        <div className="gw-palette-status" role="status">
          {t('palette.no_results', { query: query.trim() })}
        </div>
      )}
      <div className="gw-palette-hint">{t('palette.hint')}</div>
    </>
  );
}

/** The question before an action that changes something on the server, then its run and its toast. */
function ConfirmPaletteAction({ action, onDone }: { action?: PaletteActionDef; onDone: () => void }) {
  const t = useT();
  const { client } = useApp();
  const run = async () => {
    if (!action?.run) return;
    onDone();
    try {
      await action.run(client);
      showToast('success', t(action.doneKey ?? action.titleKey));
    } catch (error) {
      showError(error, t);
    }
  };
  return (
    <Alert
      isOpen={action !== undefined}
      intent="primary"
      icon={action?.icon as IconName | undefined}
      confirmButtonText={action ? t(action.titleKey) : ''}
      cancelButtonText={t('common.cancel')}
      onConfirm={() => void run()}
      onCancel={onDone}
    >
      {action?.confirmKey ? t(action.confirmKey) : null}
    </Alert>
  );
}
