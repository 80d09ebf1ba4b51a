import { Button, HTMLSelect, Icon, type IconName, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../lib/use-t';

interface RatioMapFieldProps {
  id: string;
  /** Name → the number as typed. */
  value: Readonly<Record<string, string>>;
  /** The names that may be added (a price's extra ratios). */
  names: readonly { value: string; label: string; icon?: string }[];
  /** Shown while no name is added. */
  emptyText?: string;
  readOnly: boolean;
  intent: 'danger' | 'none';
  onChange: (value: Record<string, string>) => void;
}

/**
 * Named multipliers: a name picked from the offered ones is added at 0, each row a number and a
 * remove button (a price's `cached_tokens: 0.5`).
 */
export function RatioMapField({
  id,
  value,
  names,
  emptyText,
  readOnly,
  intent,
  onChange,
}: RatioMapFieldProps) {
  const t = useT();
  const entries = Object.entries(value ?? {});
  const free = names.filter((name) => !(name.value in (value ?? {})));
  const [picked, setPicked] = useState('');
  const labelOf = (name: string) => names.find((option) => option.value === name)?.label ?? name;
  const iconOf = (name: string) => names.find((option) => option.value === name)?.icon;
  const choice = free.some((name) => name.value === picked) ? picked : (free[0]?.value ?? '');
  return (
    <div className="gw-ratio-map" id={id}>
      {entries.length === 0 && emptyText && <p className="gw-ratio-empty">{emptyText}</p>}
      {entries.map(([name, ratio]) => (
        <div key={name} className="gw-ratio-row">
          {iconOf(name) && <Icon icon={iconOf(name) as IconName} size={14} />}
          <label htmlFor={`${id}-${name}`}>{labelOf(name)}</label>
          <InputGroup
            id={`${id}-${name}`}
            type="number"
            min={0}
            step={0.01}
            value={ratio}
            intent={intent}
            readOnly={readOnly}
            onValueChange={(text) => onChange({ ...value, [name]: text })}
          />
          {!readOnly && (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('web.kit.remove_item', { name: labelOf(name) })}
              onClick={() => onChange(Object.fromEntries(entries.filter(([other]) => other !== name)))}
            />
          )}
        </div>
      ))}
      {!readOnly && free.length > 0 && (
        <div className="gw-ratio-row">
          <HTMLSelect
            aria-label={t('web.kit.ratio_name')}
            value={choice}
            options={free}
            onChange={(event) => setPicked(event.currentTarget.value)}
          />
          <Button
            icon="plus"
            text={t('web.kit.add_item')}
            onClick={() => choice && onChange({ ...value, [choice]: '0' })}
          />
        </div>
      )}
    </div>
  );
}
