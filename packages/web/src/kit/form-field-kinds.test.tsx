// @vitest-environment happy-dom
// Field capabilities the model, owner and channel forms need: a label and help that follow the
// values, options the field loads itself, free text with suggestions, chips, an image preview.
import { type FormFieldDef, translate } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../test-support/render-with-app';
import { ValuesDialog } from './form-dialog';
import { queryClient } from './query-client';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

interface ModelValues {
  kind: string;
  model: string;
  tags: string[];
  icon: string;
}

const fields: FormFieldDef<ModelValues>[] = [
  {
    name: 'kind',
    kind: 'select',
    labelKey: 'model_info.fields.name',
    options: [
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ],
  },
  {
    name: 'model',
    kind: 'text',
    labelKey: 'model_info.fields.model',
    helpKey: 'model_info.form.model_help',
    labelFor: (values) => (values.kind === 'b' ? 'Deployment' : undefined),
    helpFor: (values) => (values.kind === 'b' ? 'The Azure deployment name' : undefined),
    loadOptions: async () => [
      { value: 'gpt-4o', label: 'gpt-4o' },
      { value: 'claude-3', label: 'claude-3' },
    ],
    freeText: true,
  },
  { name: 'tags', kind: 'list', labelKey: 'model_info.fields.tags', freeText: true },
  { name: 'icon', kind: 'text', labelKey: 'model_ownedby.fields.icon', preview: 'image' },
];

function open(save: (values: ModelValues) => Promise<unknown>) {
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <ValuesDialog
        fields={fields}
        schema={z.object({
          kind: z.string(),
          model: z.string(),
          tags: z.array(z.string()),
          icon: z.string(),
        })}
        initialValues={{ kind: 'a', model: '', tags: ['text'], icon: '' }}
        mode="create"
        entity="models"
        titleKey="model_info.title"
        save={save}
        onClose={() => {}}
      />
    </QueryClientProvider>,
    { role: 10 },
  );
}

beforeEach(() => queryClient.clear());
afterEach(cleanup);

describe('FormField kinds', () => {
  it('follows the values with its label and help, suggests loaded options and takes any text', async () => {
    let saved: ModelValues | undefined;
    open(async (values) => {
      saved = values;
    });
    const model = screen.getByLabelText(en('model_info.fields.model'), { exact: false }) as HTMLInputElement;
    expect(screen.getByText(en('model_info.form.model_help'))).toBeTruthy();
    // The suggestions arrive from the field's own loader, as a datalist the input names.
    await waitFor(() => {
      const list = document.getElementById(model.getAttribute('list') ?? '');
      expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
        'gpt-4o',
        'claude-3',
      ]);
    });
    fireEvent.change(screen.getByLabelText(en('model_info.fields.name'), { exact: false }), {
      target: { value: 'b' },
    });
    expect(screen.getByLabelText('Deployment', { exact: false })).toBe(model);
    expect(screen.getByText('The Azure deployment name')).toBeTruthy();
    fireEvent.change(model, { target: { value: 'my-own-model' } });
    fireEvent.submit(model.closest('form') as HTMLFormElement);
    await waitFor(() => expect(saved?.model).toBe('my-own-model'));
  });

  it('adds chips on Enter, removes them by their button, and previews an image URL', async () => {
    let saved: ModelValues | undefined;
    open(async (values) => {
      saved = values;
    });
    const tags = screen.getByLabelText(en('model_info.fields.tags'), { exact: false }) as HTMLInputElement;
    fireEvent.change(tags, { target: { value: 'vision' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(tags.value).toBe('');
    // A pasted comma-separated list adds each new item once.
    fireEvent.change(tags, { target: { value: 'tools, vision,,tools' } });
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.add_item') }));
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.remove_item', { name: 'text' }) }));
    const previewName = en('web.kit.preview', { name: en('model_ownedby.fields.icon') });
    expect(screen.queryByRole('img', { name: previewName })).toBeNull();
    const icon = screen.getByLabelText(en('model_ownedby.fields.icon'), { exact: false });
    fireEvent.change(icon, { target: { value: 'https://example.com/o.png' } });
    const preview = screen.getByRole('img', { name: previewName });
    expect(preview.getAttribute('src')).toBe('https://example.com/o.png');
    fireEvent.submit(tags.closest('form') as HTMLFormElement);
    await waitFor(() => expect(saved?.tags).toEqual(['vision', 'tools']));
    expect(within(document.body).queryByText('text')).toBeNull();
  });
});
