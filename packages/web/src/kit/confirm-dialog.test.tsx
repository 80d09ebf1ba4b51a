// @vitest-environment happy-dom
// The generic confirmation (console-screens §0.8) and the label chip the kit draws for core's colours.
import { type ActionDef, translate } from '@gw/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { ConfirmAction } from './confirm-action';
import { LabelChip } from './label-chip';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
afterEach(cleanup);

const remove: ActionDef<unknown> = {
  id: 'delete',
  labelKey: 'common.delete',
  intent: 'danger',
  confirmKey: 'users.screen.delete_confirm',
  run: async () => undefined,
};

describe('the confirmation dialog', () => {
  it('Given a row action, then it shows a title naming the row, the content, the action button and Cancel', () => {
    const confirm = vi.fn();
    const cancel = vi.fn();
    renderWithApp(
      <ConfirmAction action={remove} name="bob" count={1} onConfirm={confirm} onCancel={cancel} />,
    );
    expect(screen.getByRole('heading').textContent).toBe(
      en('web.kit.confirm_title', { action: en('common.delete'), name: 'bob' }),
    );
    screen.getByText(en('users.screen.delete_confirm', { name: 'bob' }));
    fireEvent.click(screen.getByRole('button', { name: en('common.cancel') }));
    expect(cancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: en('common.delete') }));
    expect(confirm).toHaveBeenCalledOnce();
  });

  it('Given several selected rows, then the title counts them', () => {
    renderWithApp(<ConfirmAction action={remove} count={3} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('heading').textContent).toBe(
      en('web.kit.confirm_title_many', { action: en('common.delete'), count: 3 }),
    );
  });
});

describe('the label chip', () => {
  it('Given a colour and a variant, then it carries both as classes (soft grey by default)', () => {
    renderWithApp(
      <>
        <LabelChip text="Admin" tone="warning" variant="filled" title="Role" />
        <LabelChip text="plain" />
      </>,
    );
    expect(screen.getByText('Admin').className).toBe('gw-chip gw-chip-filled gw-chip-warning');
    expect(screen.getByText('Admin').getAttribute('title')).toBe('Role');
    expect(screen.getByText('plain').className).toBe('gw-chip gw-chip-soft gw-chip-default');
  });
});
