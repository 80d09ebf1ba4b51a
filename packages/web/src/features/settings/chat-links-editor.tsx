import '../../kit/kit.css';
import { Button, HTMLTable, InputGroup, Switch } from '@blueprintjs/core';
import { chatLinkRefusal, optionLabelKey } from '@gw/core';
import { useState } from 'react';
import { nextOrder, orderDirection } from '../../kit/list-order';
import { ariaSort, SortButton } from '../../kit/sort-button';
import { showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/** One chat link as the `ChatLinks` option stores it (console-spec §5). */
interface ChatLinkRow {
  name: string;
  url: string;
  show: boolean;
  /** A number; text typed that is not one is kept so the option's rule can name it. */
  sort: number | string;
}

/** The rows of the stored text, or undefined when it is not a list the grid can show. */
export function parseChatLinks(text: string): ChatLinkRow[] | undefined {
  if (text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return undefined;
    return value.map((entry: Record<string, unknown>) => ({
      name: String(entry?.name ?? ''),
      url: String(entry?.url ?? ''),
      show: entry?.show === true,
      sort: typeof entry?.sort === 'number' ? entry.sort : String(entry?.sort ?? 0),
    }));
  } catch {
    return undefined;
  }
}

/** The text to store: no rows means "the built-in links" (the option's empty default). */
const serialise = (rows: readonly ChatLinkRow[]) => (rows.length === 0 ? '' : JSON.stringify(rows, null, 2));

/** A typed sort value: a number when it reads as one, else the text itself. */
function asSort(text: string): number | string {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

interface ChatLinksEditorProps {
  rows: readonly ChatLinkRow[];
  onChange: (text: string) => void;
}

/** The row being edited: its place in the list, the values typed, and whether Add made it. */
interface Editing {
  index: number;
  row: ChatLinkRow;
  added: boolean;
}

/**
 * The chat links grid (console-screens §24.1): rows shown as text with Edit and Delete; a row being
 * edited has inputs, Save (checked by core's rule, a refusal toasted) and Cancel; Add inserts a row
 * already in edit mode; the Name header sorts the view. The card's Save stores the whole list.
 */
export function ChatLinksEditor({ rows, onChange }: ChatLinksEditorProps) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | undefined>();
  const [order, setOrder] = useState('');
  const list = editing?.added ? [...rows, editing.row] : rows;
  const shown = list.map((row, index) => ({ row, index }));
  const direction = orderDirection(order, 'name');
  if (direction) shown.sort((a, b) => a.row.name.localeCompare(b.row.name) * (direction === 'asc' ? 1 : -1));

  const save = () => {
    if (!editing) return;
    const refusal = chatLinkRefusal(editing.row, editing.index + 1);
    if (refusal) {
      showToast(
        'error',
        t(`options.errors.${refusal.key}`, { ...refusal.params, option: t(optionLabelKey('ChatLinks')) }),
      );
      return;
    }
    const next = [...rows];
    next[editing.index] = editing.row;
    onChange(serialise(next));
    setEditing(undefined);
  };
  const patch = (change: Partial<ChatLinkRow>) =>
    setEditing((current) => current && { ...current, row: { ...current.row, ...change } });
  const number = (index: number) => ({ index: index + 1 });

  return (
    <div className="gw-chat-links">
      {list.length === 0 ? <p>{t('options.screen.chat_links_builtin')}</p> : null}
      {list.length > 0 ? (
        <div className="gw-table-wrap">
          <HTMLTable compact className="gw-chat-links-table">
            <thead>
              <tr>
                <th aria-sort={ariaSort(direction)}>
                  <SortButton
                    title={t('options.screen.chat_link_name')}
                    direction={direction}
                    onClick={() => setOrder(nextOrder(order, 'name'))}
                  />
                </th>
                <th>{t('options.screen.chat_link_url')}</th>
                <th>{t('options.screen.chat_link_show')}</th>
                <th>{t('options.screen.chat_link_sort')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ row, index }) =>
                editing?.index === index ? (
                  // Rows have no identity of their own: their position is what the rule's messages name.
                  <tr key={`edit-${index}`}>
                    <td>
                      <InputGroup
                        aria-label={`${t('options.screen.chat_link_name')} ${index + 1}`}
                        value={editing.row.name}
                        onValueChange={(name) => patch({ name })}
                      />
                    </td>
                    <td>
                      <InputGroup
                        aria-label={`${t('options.screen.chat_link_url')} ${index + 1}`}
                        value={editing.row.url}
                        onValueChange={(url) => patch({ url })}
                      />
                    </td>
                    <td>
                      <Switch
                        role="switch"
                        aria-label={`${t('options.screen.chat_link_show')} ${index + 1}`}
                        checked={editing.row.show}
                        onChange={(event) => patch({ show: event.currentTarget.checked })}
                      />
                    </td>
                    <td>
                      <InputGroup
                        className="gw-chat-link-sort"
                        aria-label={`${t('options.screen.chat_link_sort')} ${index + 1}`}
                        inputMode="numeric"
                        value={String(editing.row.sort)}
                        onValueChange={(sort) => patch({ sort: asSort(sort) })}
                      />
                    </td>
                    <td className="gw-chat-link-actions">
                      <Button
                        variant="minimal"
                        intent="primary"
                        icon="tick"
                        aria-label={t('options.screen.chat_link_save', number(index))}
                        onClick={save}
                      />
                      <Button
                        variant="minimal"
                        icon="cross"
                        aria-label={t('options.screen.chat_link_cancel', number(index))}
                        onClick={() => setEditing(undefined)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={`row-${index}`}>
                    <td>{row.name}</td>
                    <td className="gw-chat-link-url" title={row.url}>
                      {row.url}
                    </td>
                    <td>
                      {t(row.show ? 'options.screen.chat_link_shown' : 'options.screen.chat_link_hidden')}
                    </td>
                    <td>{String(row.sort)}</td>
                    <td className="gw-chat-link-actions">
                      <Button
                        variant="minimal"
                        icon="edit"
                        disabled={editing !== undefined}
                        aria-label={t('options.screen.chat_link_edit', number(index))}
                        onClick={() => setEditing({ index, row, added: false })}
                      />
                      <Button
                        variant="minimal"
                        intent="danger"
                        icon="trash"
                        disabled={editing !== undefined}
                        aria-label={t('options.screen.chat_link_delete', number(index))}
                        onClick={() => onChange(serialise(rows.filter((_, at) => at !== index)))}
                      />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      <Button
        icon="add"
        text={t('options.screen.chat_link_add')}
        disabled={editing !== undefined}
        onClick={() =>
          setEditing({ index: rows.length, row: { name: '', url: '', show: false, sort: 0 }, added: true })
        }
      />
    </div>
  );
}
