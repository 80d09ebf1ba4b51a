import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FilterDef, ScreenQuery } from '@gw/core';
import { type Ref, useEffect, useState } from 'react';
import { useT } from '../lib/use-t';

interface FilterBarProps {
  filters: readonly FilterDef[];
  query: ScreenQuery;
  admin: boolean;
  /** New filter values (page back to 1 is the caller's business). */
  onFilters: (values: Record<string, string>) => void;
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * A screen's filters: text kinds submit on Enter (the whole bar is one form), selects apply at once.
 * The values typed follow the URL when it changes (back, a shared link).
 */
export function FilterBar({ filters, query, admin, onFilters, searchRef }: FilterBarProps) {
  const t = useT();
  const shown = filters.filter((filter) => admin || !filter.adminOnly);
  const fromQuery = () =>
    Object.fromEntries(shown.map((filter) => [filter.name, String(query[filter.name] ?? '')]));
  const [values, setValues] = useState<Record<string, string>>(fromQuery);
  const queryText = JSON.stringify(fromQuery());
  useEffect(() => setValues(JSON.parse(queryText)), [queryText]);
  if (shown.length === 0) return null;
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <form
      className="gw-filter-bar"
      aria-label={t('web.kit.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onFilters(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])));
      }}
    >
      {shown.map((filter) => {
        const label = t(filter.labelKey);
        if (filter.kind === 'select')
          return (
            <HTMLSelect
              key={filter.name}
              aria-label={label}
              value={values[filter.name]}
              options={(filter.options ?? []).map((option) => ({
                value: String(option.value),
                label: option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value)),
              }))}
              onChange={(event) => {
                const next = { ...values, [filter.name]: event.currentTarget.value };
                setValues(next);
                onFilters(next);
              }}
            />
          );
        return (
          <InputGroup
            key={filter.name}
            inputRef={filter.kind === 'keyword' ? searchRef : undefined}
            leftIcon={filter.kind === 'keyword' ? 'search' : undefined}
            type={filter.kind === 'int' ? 'number' : filter.kind === 'date-range' ? 'date' : 'search'}
            aria-label={label}
            placeholder={filter.placeholderKey ? t(filter.placeholderKey) : label}
            value={values[filter.name]}
            onValueChange={(value) => set(filter.name, value)}
          />
        );
      })}
      <button type="submit" hidden />
    </form>
  );
}
