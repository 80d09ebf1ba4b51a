import { Button, HTMLTable, InputGroup, Switch } from '@blueprintjs/core';
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

/** The editable grid of chat links; the option's own rule checks names, URLs and sort values. */
export function ChatLinksEditor({ rows, onChange }: ChatLinksEditorProps) {
  const t = useT();
  const update = (index: number, patch: Partial<ChatLinkRow>) =>
    onChange(serialise(rows.map((row, at) => (at === index ? { ...row, ...patch } : row))));
  return (
    <div className="gw-chat-links">
      {rows.length === 0 ? <p>{t('options.screen.chat_links_builtin')}</p> : null}
      {rows.length > 0 ? (
        <HTMLTable compact className="gw-chat-links-table">
          <thead>
            <tr>
              <th>{t('options.screen.chat_link_name')}</th>
              <th>{t('options.screen.chat_link_url')}</th>
              <th>{t('options.screen.chat_link_show')}</th>
              <th>{t('options.screen.chat_link_sort')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Rows have no identity of their own: their position is what the rule's messages name.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td>
                  <InputGroup
                    aria-label={`${t('options.screen.chat_link_name')} ${index + 1}`}
                    value={row.name}
                    onValueChange={(name) => update(index, { name })}
                  />
                </td>
                <td>
                  <InputGroup
                    aria-label={`${t('options.screen.chat_link_url')} ${index + 1}`}
                    value={row.url}
                    onValueChange={(url) => update(index, { url })}
                  />
                </td>
                <td>
                  <Switch
                    role="switch"
                    aria-label={`${t('options.screen.chat_link_show')} ${index + 1}`}
                    checked={row.show}
                    onChange={(event) => update(index, { show: event.currentTarget.checked })}
                  />
                </td>
                <td>
                  <InputGroup
                    aria-label={`${t('options.screen.chat_link_sort')} ${index + 1}`}
                    inputMode="numeric"
                    value={String(row.sort)}
                    onValueChange={(sort) => update(index, { sort: asSort(sort) })}
                  />
                </td>
                <td>
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('options.screen.chat_link_delete', { index: index + 1 })}
                    onClick={() => onChange(serialise(rows.filter((_, at) => at !== index)))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      <Button
        icon="add"
        text={t('options.screen.chat_link_add')}
        onClick={() => onChange(serialise([...rows, { name: '', url: '', show: false, sort: 0 }]))}
      />
    </div>
  );
}
