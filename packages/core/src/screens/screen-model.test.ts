import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from '../http/client.js';
import {
  type ActionDef,
  actionsFor,
  actionWithInput,
  type CreatedListDef,
  createdListFile,
  emptyStateKey,
  type FormDef,
  type FormFieldDef,
  formSchema,
  pageLocally,
  type ScreenDef,
  screenI18nKeys,
  screenQueryFromParams,
  screenQueryToParams,
  visibleFields,
} from './screen-model.js';
import { toggleInSet } from './selection.js';

const screen = {
  defaultOrder: '-id',
  filters: [
    { name: 'keyword', kind: 'keyword', labelKey: 'k' },
    { name: 'status', kind: 'select', labelKey: 's' },
  ] as const,
};

describe('empty list text', () => {
  const base = { page: 1, size: 10, order: '-id' };
  const withEnd = {
    ...screen,
    filters: [...screen.filters, { name: 'end', kind: 'datetime', labelKey: 'e', defaultValue: () => '9' }],
  } as const;
  it('says "no data" with no filter set, "no search results" once one is', () => {
    expect(emptyStateKey(screen, base)).toBe('common.no_data');
    expect(emptyStateKey(screen, { ...base, keyword: 'gpt' })).toBe('common.no_results');
    expect(emptyStateKey(screen, { ...base, status: '' })).toBe('common.no_data');
  });
  it("uses the screen's own texts, and a filter's default value is not a search", () => {
    const own = { ...withEnd, emptyKey: 'x.empty', emptySearchKey: 'x.none_found' };
    expect(emptyStateKey(own, { ...base, end: '9' })).toBe('x.empty');
    expect(emptyStateKey(own, { ...base, end: '9', status: '1' })).toBe('x.none_found');
  });
});

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

describe('lists the server sends whole', () => {
  const rows = [
    { id: 3, name: 'Gamma' },
    { id: 1, name: 'alpha' },
    { id: 2, name: 'Beta' },
  ];
  const search = (row: { name: string }) => [row.name];

  it('filters by keyword, case-insensitively, and counts what is kept', () => {
    const page = pageLocally(rows, { page: 1, size: 10, order: '', keyword: 'A' }, search);
    expect(page.data.map((row) => row.id)).toEqual([3, 1, 2]);
    expect(pageLocally(rows, { page: 1, size: 10, order: '', keyword: 'bet' }, search).total_count).toBe(1);
  });

  it('sorts by a number or a text field either way and cuts the page', () => {
    const byId = pageLocally(rows, { page: 1, size: 2, order: '-id' }, search);
    expect(byId.data.map((row) => row.id)).toEqual([3, 2]);
    expect(byId.total_count).toBe(3);
    expect(pageLocally(rows, { page: 2, size: 2, order: 'id' }, search).data.map((row) => row.id)).toEqual([
      3,
    ]);
    expect(
      pageLocally(rows, { page: 1, size: 3, order: 'name' }, search).data.map((row) => row.name),
    ).toEqual(['alpha', 'Beta', 'Gamma']);
  });
});

const list: CreatedListDef<{ name: string }> = {
  kind: 'list',
  titleKey: 't',
  items: (created) => created as string[],
  fileName: (values) => values.name,
};

describe('form results and modes', () => {
  it('makes a text file of the created items, saved at once only when there are several', () => {
    expect(createdListFile(list, { name: 'gift/1' }, ['a', 'b'])).toEqual({
      name: 'gift_1.txt',
      text: 'a\nb\n',
      autoDownload: true,
    });
    expect(createdListFile(list, { name: '' }, ['a']).autoDownload).toBe(false);
    expect(createdListFile(list, { name: '' }, ['a']).name).toBe('list.txt');
  });

  it('checks an edit with its own schema when it has one', () => {
    const create = z.object({ id: z.number().min(1001) });
    const edit = z.object({ id: z.number().min(1) });
    const form = { schema: create, editSchema: edit } as unknown as FormDef<unknown, { id: number }, unknown>;
    expect(formSchema(form, 'create').safeParse({ id: 5 }).success).toBe(false);
    expect(formSchema(form, 'edit').safeParse({ id: 5 }).success).toBe(true);
    const plain = { schema: create } as unknown as FormDef<unknown, { id: number }, unknown>;
    expect(formSchema(plain, 'edit')).toBe(create);
  });
});

describe('the keys of a screen', () => {
  it('collects titles, labels, help, options, confirmations, toasts and the result title', () => {
    const screen = {
      titleKey: 's.title',
      noticeKey: 's.notice',
      columns: [{ id: 'id', titleKey: 's.fields.id', priority: 1, value: () => '' }],
      filters: [
        { name: 'status', kind: 'select', labelKey: 's.f', options: [{ value: '', labelKey: 's.all' }] },
      ],
      rowActions: [
        {
          id: 'd',
          labelKey: 'common.delete',
          confirmKey: 's.confirm',
          doneKey: 's.done',
          run: async () => 0,
        },
      ],
      toolbarActions: [{ id: 'r', labelKey: 's.reload', run: async () => 0 }],
      form: {
        fields: [
          {
            name: 'x',
            kind: 'select',
            labelKey: 's.x',
            helpKey: 's.x_help',
            options: [{ value: 1, label: 'One' }],
          },
        ],
        afterCreate: { ...list, titleKey: 's.created' },
        doneKey: 's.saved',
      },
    } as unknown as ScreenDef<unknown, { x: number }, unknown>;
    expect(screenI18nKeys(screen).sort()).toEqual(
      [
        's.title',
        's.notice',
        's.fields.id',
        's.f',
        's.all',
        'common.delete',
        's.confirm',
        's.done',
        's.reload',
        's.x',
        's.x_help',
        's.created',
        's.saved',
      ].sort(),
    );
  });
});

describe('selection', () => {
  it('adds an item not selected and removes one that was, leaving the given set alone', () => {
    const selected = new Set(['a']);
    expect([...toggleInSet(selected, 'b')]).toEqual(['a', 'b']);
    expect([...toggleInSet(selected, 'a')]).toEqual([]);
    expect([...selected]).toEqual(['a']);
  });
});
