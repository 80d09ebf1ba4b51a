// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { TokenFormDialog } from './token-form-dialog';

afterEach(cleanup);

const open = () => renderWithApp(<TokenFormDialog onClose={() => {}} onSaved={() => {}} />, { role: 1 });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('token form dialog', () => {
  it('given an empty name, when submitted, then the name is reported as required', async () => {
    open();
    submit();
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });

  it('given a 31-byte name, when submitted, then the name is reported as too long', async () => {
    open();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'a'.repeat(31) } });
    submit();
    expect(await screen.findByText('Token name is too long (at most 30 bytes)')).toBeTruthy();
  });

  it('given a 30-byte name, when submitted, then no name error shows', async () => {
    open();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'a'.repeat(30) } });
    submit();
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.queryByText(/Token name is too long/)).toBeNull();
  });

  it('disables the quota while unlimited and enables it when unlimited is switched off', () => {
    open();
    const quota = screen.getByLabelText('Quota') as HTMLInputElement;
    expect(quota.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Unlimited quota'));
    expect((screen.getByLabelText('Quota') as HTMLInputElement).disabled).toBe(false);
  });
});
