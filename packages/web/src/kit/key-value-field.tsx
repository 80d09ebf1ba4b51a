import { Button, InputGroup, TextArea } from '@blueprintjs/core';
import './key-value-field.css';
import { keyValueRowsFromJson, keyValueRowsToJson } from '@gw/core';
import { useT } from '../lib/use-t';
import type { KeyValueDraft } from './form-values';

interface KeyValueFieldProps {
  id: string;
  value: KeyValueDraft;
  readOnly: boolean;
  intent: 'danger' | 'none';
  onChange: (value: KeyValueDraft) => void;
}

/**
 * A JSON object of strings as rows of name and value (a model mapping, custom headers): add and delete
 * rows, or switch to its JSON text and back (rows are read again from the text when it parses).
 */
export function KeyValueField({ id, value, readOnly, intent, onChange }: KeyValueFieldProps) {
  const t = useT();
  const rows = value.rows;
  const setRow = (index: number, row: readonly [string, string]) =>
    onChange({ rows: rows.map((old, at) => (at === index ? row : old)) });
  if (value.json !== undefined) {
    return (
      <div className="gw-key-value" id={id}>
        <TextArea
          id={`${id}-json`}
          aria-label={t('web.kit.kv_edit_json')}
          fill
          rows={6}
          className="gw-monospace"
          spellCheck={false}
          value={value.json}
          intent={intent}
          readOnly={readOnly}
          onChange={(event) => onChange({ rows, json: event.currentTarget.value })}
        />
        <Button
          size="small"
          variant="minimal"
          icon="th-list"
          text={t('web.kit.kv_edit_rows')}
          disabled={readOnly}
          onClick={() => onChange({ rows: keyValueRowsFromJson(value.json ?? '') })}
        />
      </div>
    );
  }
  return (
    <div className="gw-key-value" id={id}>
      {rows.map(([name, text], index) => (
        // Rows have no identity beyond their place: a name may be typed twice while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="gw-key-value-row">
          <InputGroup
            aria-label={t('web.kit.kv_name_of', { index: index + 1 })}
            placeholder={t('web.kit.kv_name')}
            value={name}
            intent={intent}
            readOnly={readOnly}
            onValueChange={(typed) => setRow(index, [typed, text])}
          />
          <InputGroup
            aria-label={t('web.kit.kv_value_of', { index: index + 1 })}
            placeholder={t('web.kit.kv_value')}
            value={text}
            intent={intent}
            readOnly={readOnly}
            onValueChange={(typed) => setRow(index, [name, typed])}
          />
          {!readOnly && (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('web.kit.remove_item', { name: name || index + 1 })}
              onClick={() => onChange({ rows: rows.filter((_, at) => at !== index) })}
            />
          )}
        </div>
      ))}
      {!readOnly && (
        <div className="gw-key-value-actions">
          <Button
            size="small"
            icon="plus"
            text={t('web.kit.kv_add')}
            onClick={() => onChange({ rows: [...rows, ['', '']] })}
          />
          <Button
            size="small"
            variant="minimal"
            icon="code"
            text={t('web.kit.kv_edit_json')}
            onClick={() => onChange({ rows, json: keyValueRowsToJson(rows) })}
          />
        </div>
      )}
    </div>
  );
}
