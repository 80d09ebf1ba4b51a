import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from '../http/client.js';
import {
  type ActionDef,
  actionsFor,
  actionWithInput,
  type FormFieldDef,
  screenQueryFromParams,
  screenQueryToParams,
  visibleFields,
} from './screen-model.js';

const screen = {
  defaultOrder: '-id',
  filters: [
    { name: 'keyword', kind: 'keyword', labelKey: 'k' },
    { name: 'status', kind: 'select', labelKey: 's' },
  ] as const,
};

describe('screen query in the URL', () => {
  it('reads page, size, order and known filters, dropping the rest and bad numbers', () => {
    const query = screenQueryFromParams(
      screen,
      new URLSearchParams('page=3&size=x&order=name&status=1&keyword=&evil=1'),
      30,
    );
    expect(query).toEqual({ page: 3, size: 30, order: 'name', status: '1' });
  });

  it('writes only what differs from the defaults, so a shared link reproduces the view', () => {
    const params = screenQueryToParams(screen, { page: 1, size: 30, order: '-id', keyword: 'gpt' }, 30);
    expect(params.toString()).toBe('keyword=gpt');
    const again = screenQueryFromParams(screen, params, 30);
    expect(again).toEqual({ page: 1, size: 30, order: '-id', keyword: 'gpt' });
    expect(screenQueryToParams(screen, { page: 2, size: 50, order: 'id' }, 30).toString()).toBe(
      'page=2&size=50&order=id',
    );
  });
});

describe('fields and actions', () => {
  interface Values {
    type: number;
    key: string;
    password: string;
  }
  const fields: FormFieldDef<Values>[] = [
    { name: 'type', kind: 'select', labelKey: 't' },
    { name: 'key', kind: 'text', labelKey: 'k', visible: (values) => values.type === 1 },
    { name: 'password', kind: 'password', labelKey: 'p', only: 'create' },
  ];

  it('shows a field by its condition and its mode', () => {
    const names = (values: Values, mode: 'create' | 'edit') =>
      visibleFields(fields, values, mode).map((field) => field.name);
    expect(names({ type: 1, key: '', password: '' }, 'create')).toEqual(['type', 'key', 'password']);
    expect(names({ type: 2, key: '', password: '' }, 'edit')).toEqual(['type']);
  });

  it('offers an action by role and by row', () => {
    const run = async () => undefined;
    const actions: ActionDef<{ status: number }>[] = [
      { id: 'enable', labelKey: 'e', applies: (row) => row.status !== 1, run },
      { id: 'delete', labelKey: 'd', role: 100, run },
    ];
    expect(actionsFor(actions, { status: 2 }, 10).map((action) => action.id)).toEqual(['enable']);
    expect(actionsFor(actions, { status: 1 }, 100).map((action) => action.id)).toEqual(['delete']);
  });

  it('keeps an action that asks for values, and refuses to run it without them', async () => {
    const sent: unknown[] = [];
    const action = actionWithInput<{ id: number }, { amount: number }>({
      id: 'pay',
      labelKey: 'p',
      input: {
        titleKey: 'p',
        fields: [{ name: 'amount', kind: 'int', labelKey: 'a' }],
        schema: z.object({ amount: z.number() }),
        empty: () => ({ amount: 1 }),
        run: async (_client, row, values) => {
          sent.push([row.id, values.amount]);
        },
      },
    });
    await action.input?.run({} as ApiClient, { id: 3 }, { amount: 5 });
    expect(sent).toEqual([[3, 5]]);
    expect(action.input?.empty({ id: 3 })).toEqual({ amount: 1 });
    await expect(action.run({} as ApiClient, [{ id: 3 }])).rejects.toThrow(/needs its form/);
    expect(actionsFor([action], { id: 3 }, 1)).toHaveLength(1);
  });
});
