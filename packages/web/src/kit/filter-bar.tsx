import { Button, Collapse, HTMLSelect, InputGroup } from '@blueprintjs/core';
import './kit.css';
import type { FilterDef, ScreenQuery } from '@gw/core';
import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { useT } from '../lib/use-t';
import { DateInput } from './date-input';
import { DateTimeInput } from './date-time-input';
import { localInputOf, secondsOfLocalInput } from './local-time';
import { useOptionSource } from './option-sources';

/** A datetime filter keeps Unix seconds in the URL; its input shows them as local date and time. */
export function secondsToLocalInput(seconds: string): string {
  return seconds === '' ? '' : localInputOf(Number(seconds));
}

export function localInputToSeconds(text: string): string {
  return String(secondsOfLocalInput(text) ?? '');
}

/** A select filter: its fixed choices, or "all" and the choices its option source reads. */
function SelectFilter({
  filter,
  label,
  value,
  onChange,
}: {
  filter: FilterDef;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const loaded = useOptionSource(filter.options ? undefined : filter.optionSource);
  const options = filter.options ?? [{ value: '', labelKey: 'common.all' }, ...(loaded ?? [])];
  return (
    <HTMLSelect
      aria-label={label}
      value={value}
      options={options.map((option) => {
        // "All" alone does not say which filter it is: the "all" choice shows the filter's name. An
        // empty value named otherwise (a price list's "per 1K", the default unit) is a choice as any.
        if (option.value === '' && (option.labelKey ?? 'common.all') === 'common.all' && !option.label)
          return { value: '', label: t('web.kit.filter_all', { filter: label }) };
        const choice = option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value));
        // The choice shown in the closed select says the filter's name too ("Type: OpenAI"), as a
        // typed filter's name stays beside it once filled; the list opened names the others plainly.
        return {
          value: String(option.value),
          label:
            String(option.value) === value
              ? t('web.kit.filter_value', { filter: label, value: choice })
              : choice,
        };
      })}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

interface FilterBarProps {
  filters: readonly FilterDef[];
  query: ScreenQuery;
  admin: boolean;
  /** New filter values (page back to 1 is the caller's business). */
  onFilters: (values: Record<string, string>) => void;
  searchRef?: Ref<HTMLInputElement>;
  /** The form's id, for a Search button drawn elsewhere (the toolbar) that submits it. */
  id?: string;
  /** Selects wait for Search too (the screen's `searchButton`); otherwise they apply at once. */
  onSearchOnly?: boolean;
}

/**
 * A screen's filters: text kinds submit on Enter (the whole bar is one form); selects apply at once,
 * or with the rest on Search where the screen says so. The values typed follow the URL when it
 * changes (back, a shared link).
 */
export function FilterBar({ filters, query, admin, onFilters, searchRef, id, onSearchOnly }: FilterBarProps) {
  const t = useT();
  const shown = filters.filter((filter) => admin || !filter.adminOnly);
  const fromQuery = () =>
    Object.fromEntries(shown.map((filter) => [filter.name, String(query[filter.name] ?? '')]));
  const [values, setValues] = useState<Record<string, string>>(fromQuery);
  const queryText = JSON.stringify(fromQuery());
  useEffect(() => setValues(JSON.parse(queryText)), [queryText]);
  // The admin search's filters (§2) sit in their own card, open while one of them is set.
  const searchFilters = shown.filter((filter) => filter.adminSearch);
  const searching = searchFilters.some((filter) => String(query[filter.name] ?? '') !== '');
  const [searchOpen, setSearchOpen] = useState(searching);
  useEffect(() => {
    if (searching) setSearchOpen(true);
  }, [searching]);
  const searchPanelId = useId();
  const fieldIds = useId();
  if (shown.length === 0) return null;
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const submit = (next: Record<string, string>) =>
    onFilters(Object.fromEntries(Object.entries(next).map(([name, value]) => [name, value.trim()])));
  const draw = (filter: FilterDef) => {
    const label = t(filter.labelKey);
    if (filter.kind === 'select')
      return (
        <SelectFilter
          key={filter.name}
          filter={filter}
          label={label}
          value={values[filter.name] ?? ''}
          onChange={(value) => {
            const next = { ...values, [filter.name]: value };
            setValues(next);
            if (!onSearchOnly || filter.appliesAtOnce) onFilters(next);
          }}
        />
      );
    // A date and a time have no room for a placeholder naming the filter: its name goes before them.
    if (filter.kind === 'datetime')
      return (
        <span key={filter.name} className="gw-filter-datetime">
          <span className="gw-filter-name" aria-hidden>
            {label}
          </span>
          <DateTimeInput
            label={label}
            value={secondsToLocalInput(values[filter.name] ?? '')}
            onChange={(value) => set(filter.name, localInputToSeconds(value))}
          />
        </span>
      );
    // Every typed filter (a text, an id, a day) has its name before it, kept in sight once a value is
    // typed: a placeholder alone went with the first letter (the Midjourney list's channel and task id,
    // the logs' token and model). The field itself says a blank one is "any". The search box alone
    // keeps its placeholder ("Search token names…"): its magnifier stays beside what is typed.
    const fieldId = `${fieldIds}-${filter.name}`;
    const named = (field: ReactNode) => (
      <span key={filter.name} className="gw-filter-labelled">
        <label className="gw-filter-name" htmlFor={fieldId}>
          {label}
        </label>
        {field}
      </span>
    );
    if (filter.kind === 'date-range')
      return named(
        <DateInput
          id={fieldId}
          aria-label={label}
          value={values[filter.name] ?? ''}
          onValueChange={(value) => set(filter.name, value)}
        />,
      );
    const keyword = filter.kind === 'keyword';
    const input = (
      <InputGroup
        key={filter.name}
        id={keyword ? undefined : fieldId}
        inputRef={keyword ? searchRef : undefined}
        className={keyword ? 'gw-filter-keyword' : undefined}
        leftIcon={keyword ? 'search' : undefined}
        type={filter.kind === 'int' ? 'number' : 'search'}
        aria-label={label}
        placeholder={
          filter.placeholderKey ? t(filter.placeholderKey) : keyword ? label : t('web.kit.filter_any')
        }
        value={values[filter.name] ?? ''}
        onValueChange={(value) => set(filter.name, value)}
      />
    );
    return keyword ? input : named(input);
  };
  return (
    <form
      id={id}
      className="gw-filter-bar"
      aria-label={t('web.kit.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        submit(values);
      }}
    >
      {shown.filter((filter) => !filter.adminSearch).map(draw)}
      {searchFilters.length > 0 && (
        <div className={`gw-admin-search${searchOpen ? ' gw-admin-search-open' : ''}`}>
          <Button
            variant="minimal"
            icon="search-template"
            endIcon={searchOpen ? 'chevron-up' : 'chevron-down'}
            text={t('web.kit.admin_search')}
            aria-expanded={searchOpen}
            aria-controls={searchPanelId}
            onClick={() => setSearchOpen(!searchOpen)}
          />
          <Collapse isOpen={searchOpen} keepChildrenMounted={false}>
            <div id={searchPanelId} className="gw-admin-search-fields">
              {searchFilters.map(draw)}
              {/* Clear empties the card's ids and searches: the list is one's own again. */}
              <Button
                text={t('web.kit.clear')}
                onClick={() => {
                  const next = {
                    ...values,
                    ...Object.fromEntries(searchFilters.map((filter) => [filter.name, ''])),
                  };
                  setValues(next);
                  submit(next);
                }}
              />
            </div>
          </Collapse>
        </div>
      )}
      <button type="submit" hidden />
    </form>
  );
}
