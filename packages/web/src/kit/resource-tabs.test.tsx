// @vitest-environment happy-dom
// What the payment and pricing screens add to the kit: tabs kept in the hash, datetime and
// option-source filters, the ratio-map editor and a multi-select that takes any text.
import { type FormFieldDef, type ScreenDef, translate } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../test-support/render-with-app';
import { ValuesDialog } from './form-dialog';
import { localInputToSeconds } from './filter-bar';
import { queryClient } from './query-client';
import { ResourceTabs } from './resource-tabs';
import { type Pet, type PetValues, petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

function UrlProbe() {
  const location = useLocation();
  return <output data-testid="url">{`${location.search}${location.hash}`}</output>;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

/** Two pet lists as tabs: cats (with a datetime and a channel type filter) and dogs. */
function tabs() {
  const cats = petScreen(2);
  const dogs = petScreen(3);
  const catScreen: ScreenDef<Pet, PetValues, PetValues> = {
    ...cats.screen,
    id: 'pets',
    tab: { id: 'order', labelKey: 'payments.tabs.order' },
    filters: [
      { name: 'since', kind: 'datetime', labelKey: 'payments.filters.start_time' },
      { name: 'type', kind: 'select', labelKey: 'channels.fields.type', optionSource: 'channel_types' },
    ],
  };
  const dogScreen: ScreenDef<Pet, PetValues, PetValues> = {
    ...dogs.screen,
    id: 'pets',
    entity: 'dogs',
    tab: { id: 'gateway', labelKey: 'payments.tabs.gateway' },
    list: async (client, query) => {
      const page = await dogs.screen.list(client, query);
      return { ...page, data: page.data.map((dog) => ({ ...dog, name: `dog${dog.id}` })) };
    },
  };
  return { screens: [catScreen, dogScreen], cats };
}

describe('ResourceTabs', () => {
  it('opens the tab the hash names, switches tabs in the hash and starts the new tab unfiltered', async () => {
    const { screens } = tabs();
    renderWithApp(
      <>
        <ResourceTabs screens={screens} titleKey="nav.payment" />
        <UrlProbe />
      </>,
      { role: 10, path: '/?page=2#gateway' },
    );
    expect(await screen.findByRole('heading', { name: en('nav.payment') })).toBeTruthy();
    // Dogs on page 2 of 10 per page: none; the tab is the hash's.
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe(en('payments.tabs.gateway')),
    );
    fireEvent.click(screen.getByRole('tab', { name: en('payments.tabs.order') }));
    await screen.findByText('pet2');
    expect(screen.getByTestId('url').textContent).toBe('#order');
    expect(screen.queryByText('dog1')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: en('payments.tabs.gateway') }));
    await screen.findByText('dog3');
  });

  it('keeps a datetime filter as Unix seconds and offers the channel types with "all"', async () => {
    const { screens, cats } = tabs();
    renderWithApp(
      <>
        <ResourceTabs screens={screens} titleKey="nav.payment" />
        <UrlProbe />
      </>,
      { role: 10, path: '/#order' },
    );
    await screen.findByText('pet1');
    // Entered as a date and a 24-hour time (the browser's own time field would be AM/PM in en-US).
    const name = en('payments.filters.start_time');
    const since = screen.getByLabelText(`${name}: ${en('common.date')}`);
    const clock = screen.getByLabelText(`${name}: ${en('common.time')}`);
    fireEvent.change(since, { target: { value: '2026-01-02' } });
    fireEvent.change(clock, { target: { value: '3:04' } });
    fireEvent.submit(since.closest('form') as HTMLFormElement);
    const seconds = localInputToSeconds('2026-01-02T03:04');
    await waitFor(() => expect(cats.calls.list.at(-1)?.since).toBe(seconds));
    // The tab survives the filter change.
    expect(screen.getByTestId('url').textContent).toBe(`?since=${seconds}#order`);
    expect((since as HTMLInputElement).value).toBe('2026-01-02');
    expect((clock as HTMLInputElement).value).toBe('03:04');
    const type = screen.getByRole('combobox', { name: en('channels.fields.type') });
    const labels = within(type)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The empty choice names its filter, so a row of selects reads "Type: All", "Status: All".
    expect(labels[0]).toBe(en('web.kit.filter_all', { filter: en('channels.fields.type') }));
    expect(labels).toContain(en('channels.types.1'));
    fireEvent.change(type, { target: { value: '1' } });
    await waitFor(() => expect(cats.calls.list.at(-1)?.type).toBe('1'));
  });
});

interface PriceValues {
  models: string[];
  extra_ratios: Record<string, number>;
}

const priceFields: FormFieldDef<PriceValues>[] = [
  {
    name: 'models',
    kind: 'multi-select',
    labelKey: 'prices.fields.models',
    options: [{ value: 'gpt-4o', label: 'gpt-4o' }],
    freeText: true,
  },
  {
    name: 'extra_ratios',
    kind: 'ratio-map',
    labelKey: 'prices.fields.extra_ratios',
    options: [
      { value: 'cached_tokens', label: 'cached' },
      { value: 'audio_input', label: 'audio' },
    ],
  },
];

describe('ratio-map and free-text multi-select fields', () => {
  it('adds a named ratio at 0, edits and removes ratios, and takes a model not offered', async () => {
    let saved: PriceValues | undefined;
    renderWithApp(
      <QueryClientProvider client={queryClient}>
        <ValuesDialog
          fields={priceFields}
          schema={z.object({
            models: z.array(z.string()).min(1),
            extra_ratios: z.record(z.string(), z.number().min(0, 'validation.min_zero')),
          })}
          initialValues={{ models: [], extra_ratios: { audio_input: 2 } }}
          mode="create"
          entity="prices"
          titleKey="prices.title"
          save={async (values) => {
            saved = values;
          }}
          onClose={() => {}}
        />
      </QueryClientProvider>,
      { role: 10 },
    );
    const models = screen.getByLabelText(en('prices.fields.models'), { exact: false }) as HTMLInputElement;
    fireEvent.change(models, { target: { value: 'my-model' } });
    fireEvent.keyDown(models, { key: 'Enter' });
    expect((screen.getByLabelText('audio') as HTMLInputElement).value).toBe('2');
    // Only the names not yet added are offered.
    const pick = screen.getByRole('combobox', { name: en('web.kit.ratio_name') });
    expect(
      within(pick)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['cached']);
    // The models' chip field has its own "add"; the ratio map's is the last one.
    fireEvent.click(screen.getAllByRole('button', { name: en('web.kit.add_item') }).at(-1) as HTMLElement);
    expect((screen.getByLabelText('cached') as HTMLInputElement).value).toBe('0');
    fireEvent.change(screen.getByLabelText('cached'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.remove_item', { name: 'audio' }) }));
    fireEvent.submit(models.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(saved).toEqual({ models: ['my-model'], extra_ratios: { cached_tokens: 0.5 } }),
    );
  });
});
