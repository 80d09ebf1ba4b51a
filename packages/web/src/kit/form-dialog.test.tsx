// @vitest-environment happy-dom
import { translate } from '@gw/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { FormDialog } from './form-dialog';
import { queryClient } from './query-client';
import { petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
afterEach(cleanup);

function open(onClose = () => {}) {
  const setup = petScreen(1);
  const form = setup.screen.form;
  if (!form) throw new Error('the pet screen has a form');
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <FormDialog
        form={form}
        entity="pets"
        titleKey="users.screen.create"
        doneKey="users.screen.created"
        onClose={onClose}
      />
    </QueryClientProvider>,
    { role: 10 },
  );
  return setup;
}
const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('FormDialog', () => {
  it('shows the schema errors next to their fields and stores nothing', async () => {
    const { pets } = open();
    fireEvent.change(input(en('users.fields.request_count')), { target: { value: '1.5' } });
    fireEvent.submit(input(en('users.fields.username')).closest('form') as HTMLFormElement);
    expect(
      await screen.findByText(en('validation.required', { field: en('users.fields.username') })),
    ).toBeTruthy();
    expect(
      screen.getByText(en('validation.integer', { field: en('users.fields.request_count') })),
    ).toBeTruthy();
    expect(pets).toHaveLength(1);
  });

  it("drops a field's error once that field is changed, and keeps the others", async () => {
    open();
    fireEvent.change(input(en('users.fields.request_count')), { target: { value: '1.5' } });
    fireEvent.submit(input(en('users.fields.username')).closest('form') as HTMLFormElement);
    const required = en('validation.required', { field: en('users.fields.username') });
    await screen.findByText(required);
    fireEvent.change(input(en('users.fields.username')), { target: { value: 'rex' } });
    expect(screen.queryByText(required)).toBeNull();
    expect(
      screen.getByText(en('validation.integer', { field: en('users.fields.request_count') })),
    ).toBeTruthy();
  });

  it('maps a server field error to its field and keeps the dialog open', async () => {
    const onClose = vi.fn();
    const { pets } = open(onClose);
    fireEvent.change(input(en('users.fields.username')), { target: { value: 'pet1' } });
    fireEvent.submit(input(en('users.fields.username')).closest('form') as HTMLFormElement);
    expect(await screen.findByText('Name already taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(pets).toHaveLength(1);
  });

  it('saves valid values (numbers read from their text) and closes', async () => {
    const onClose = vi.fn();
    const { pets } = open(onClose);
    fireEvent.change(input(en('users.fields.username')), { target: { value: 'rex' } });
    fireEvent.change(input(en('users.fields.request_count')), { target: { value: '7' } });
    fireEvent.submit(input(en('users.fields.username')).closest('form') as HTMLFormElement);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(pets.at(-1)).toMatchObject({ name: 'rex', age: 7 });
  });

  it('asks before closing a changed form, and closes an unchanged one at once', async () => {
    const onClose = vi.fn();
    open(onClose);
    fireEvent.click(screen.getByRole('button', { name: en('common.cancel') }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(input(en('users.fields.username')), { target: { value: 'changed' } });
    fireEvent.click(screen.getByRole('button', { name: en('common.cancel') }));
    expect(await screen.findByText(en('web.kit.discard_title'))).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.discard') }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
