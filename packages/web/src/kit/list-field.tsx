import { Button, Classes, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

interface ListFieldProps {
  id: string;
  value: readonly string[];
  /** Suggestions offered while typing (a datalist); any other text is added too when `freeText`. */
  suggestions: readonly { value: string; label: string }[];
  freeText: boolean;
  readOnly: boolean;
  intent: 'danger' | 'none';
  /** A chip's text copies itself when clicked (a channel's models). */
  copyChips?: boolean;
  onChange: (value: string[]) => void;
}

/**
 * A list of strings entered one by one and shown as removable chips (modalities, tags). Enter or
 * the add button takes the typed text; a suggestion picked from the list is added the same way.
 */
export function ListField({
  id,
  value,
  suggestions,
  freeText,
  readOnly,
  intent,
  copyChips,
  onChange,
}: ListFieldProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const items = value ?? [];
  // A pasted comma-separated list adds each of its items (a channel's models, console-screens §1.4).
  const add = () => {
    const known = (item: string) => suggestions.some((option) => option.value === item);
    const fresh = [...new Set(typed.split(',').map((item) => item.trim()))].filter(
      (item) => item !== '' && !items.includes(item) && (freeText || known(item)),
    );
    if (fresh.length === 0) return;
    onChange([...items, ...fresh]);
    setTyped('');
  };
  const listId = `${id}-suggestions`;
  return (
    <div className="gw-list-field">
      <div className="gw-list-chips">
        {items.map((item) => (
          // Drawn with the tag's classes rather than <Tag>, which would put both buttons inside its
          // text span (where the × wrapped under the name); here each is a flex child of the chip.
          <span key={item} className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND}`}>
            {copyChips ? (
              <button
                type="button"
                className="gw-list-chip-copy"
                title={t('web.kit.copy_item', { name: item })}
                onClick={() => void copyText(item, item, t)}
              >
                {item}
              </button>
            ) : (
              item
            )}
            {/* Blueprint's own remove button is named "Remove tag" in English only. */}
            {!readOnly && (
              <button
                type="button"
                className="bp6-tag-remove"
                aria-label={t('web.kit.remove_item', { name: item })}
                onClick={() => onChange(items.filter((other) => other !== item))}
              >
                ×
              </button>
            )}
          </span>
        ))}
      </div>
      {!readOnly && (
        <InputGroup
          id={id}
          value={typed}
          intent={intent}
          list={suggestions.length > 0 ? listId : undefined}
          onValueChange={setTyped}
          onKeyDown={(event) => {
            // Enter adds the chip instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          rightElement={
            <Button variant="minimal" icon="plus" aria-label={t('web.kit.add_item')} onClick={add} />
          }
        />
      )}
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions
            .filter((option) => !items.includes(option.value))
            .map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
        </datalist>
      )}
    </div>
  );
}
