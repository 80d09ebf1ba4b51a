import type { ReactNode } from 'react';

export interface ChipChoiceOption {
  value: string;
  label: ReactNode;
  /** The hover text (a group's rate). */
  title?: string;
}

/** A row of chips of which one is chosen: radio buttons drawn as the console's chips. */
export function ChipChoice({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ChipChoiceOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="gw-chip-choice">
      <legend className="gw-chip-choice-label">{label}</legend>
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <label
            key={option.value}
            title={option.title}
            className={`gw-chip ${chosen ? 'gw-chip-filled gw-chip-primary' : 'gw-chip-outlined gw-chip-default'}`}
          >
            <input
              type="radio"
              name={label}
              value={option.value}
              checked={chosen}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
}
