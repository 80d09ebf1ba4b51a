// @vitest-environment happy-dom
// The form dialog's additions for rich editors (the channel editor): key-value rows, values implied by a
// change, locked fields, collapsible sections and field addons.
import { translate } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../test-support/render-with-app';
import { ValuesDialog } from './form-dialog';
import { queryClient } from './query-client';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
afterEach(cleanup);

interface Values {
  kind: string;
  note: string;
  map: string;
  locked: boolean;
  extra: string;
}
const schema = z.object({
  kind: z.string(),
  note: z.string(),
  map: z.string(),
  locked: z.boolean(),
  extra: z.string(),
}) as z.ZodType<Values>;

function open(initial: Partial<Values> = {}) {
  const save = vi.fn(async (_values: Values) => {});
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <ValuesDialog<Values>
        fields={[
          {
            name: 'kind',
            kind: 'select',
            labelKey: 'Kind',
            options: [
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ],
          },
          { name: 'note', kind: 'text', labelKey: 'Note', disabled: (values) => values.locked },
          { name: 'map', kind: 'key-value', labelKey: 'Map' },
          { name: 'extra', kind: 'textarea', labelKey: 'Extra', section: 'Advanced' },
        ]}
        schema={schema}
        initialValues={{ kind: 'a', note: '', map: '', locked: false, extra: '', ...initial }}
        mode="create"
        entity="things"
        titleKey="Thing"
        changed={(values, previous) =>
          values.kind !== previous.kind && values.note === '' ? { note: `from-${values.kind}` } : {}
        }
        extras={{
          addons: { map: (api) => <output data-testid="map-json">{String(api.valueOf('map'))}</output> },
        }}
        save={save}
        onClose={() => {}}
      />
    </QueryClientProvider>,
    { role: 10 },
  );
  return save;
}

describe('ValuesDialog extras', () => {
  it('edits a key-value field as rows, shows it as JSON, and saves pretty JSON', async () => {
    const save = open();
    fireEvent.click(await screen.findByRole('button', { name: en('web.kit.kv_add') }));
    fireEvent.change(screen.getByLabelText(en('web.kit.kv_name_of', { index: 1 })), {
      target: { value: 'gpt-4o' },
    });
    fireEvent.change(screen.getByLabelText(en('web.kit.kv_value_of', { index: 1 })), {
      target: { value: 'gpt-4o-2024' },
    });
    expect(screen.getByTestId('map-json').textContent).toBe('{\n  "gpt-4o": "gpt-4o-2024"\n}');
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.kv_edit_json') }));
    const json = screen.getByLabelText(en('web.kit.kv_edit_json')) as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ 'gpt-4o': 'gpt-4o-2024' });
    fireEvent.change(json, { target: { value: '{"a":"b"}' } });
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.kv_edit_rows') }));
    const name = screen.getByLabelText(en('web.kit.kv_name_of', { index: 1 })) as HTMLInputElement;
    expect(name.value).toBe('a');
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[0].map).toBe('{\n  "a": "b"\n}');
  });

  it('merges what a change implies, and never replaces what was typed', () => {
    open();
    const kind = screen.getByLabelText('Kind', { exact: false }) as HTMLSelectElement;
    fireEvent.change(kind, { target: { value: 'b' } });
    const note = screen.getByLabelText('Note', { exact: false }) as HTMLInputElement;
    expect(note.value).toBe('from-b');
    fireEvent.change(kind, { target: { value: 'a' } });
    expect(note.value).toBe('from-b');
  });

  it('shows a locked field read-only and keeps a section folded until opened', () => {
    open({ locked: true });
    expect((screen.getByLabelText('Note', { exact: false }) as HTMLInputElement).readOnly).toBe(true);
    const section = screen.getByText('Advanced').closest('details') as HTMLDetailsElement;
    expect(section.open).toBe(false);
    expect(section.contains(screen.getByLabelText('Extra', { exact: false }))).toBe(true);
  });
});
