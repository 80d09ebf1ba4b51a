// A small in-memory screen for the kit's component tests: the kit sees the same ScreenDef shape a
// real screen gives, with its list and changes kept in an array instead of on a server.
import { GwApiError, type ScreenDef } from '@gw/core';
import { z } from 'zod';

export interface Pet {
  id: number;
  name: string;
  status: number;
  age: number;
}

export interface PetValues {
  name: string;
  age: number;
  notes: string;
}

/** A fresh store of pets and the screen over it; `calls` records what the screen asked for. */
export function petScreen(count = 3) {
  const pets: Pet[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `pet${index + 1}`,
    status: 1,
    age: index + 1,
  }));
  const calls: { list: Record<string, unknown>[] } = { list: [] };
  const screen: ScreenDef<Pet, PetValues, PetValues> = {
    id: 'pet',
    titleKey: 'users.title',
    entity: 'pets',
    rowKey: (pet) => pet.id,
    rowName: (pet) => pet.name,
    columns: [
      { id: 'id', titleKey: 'users.fields.id', sortField: 'id', priority: 1, value: (pet) => String(pet.id) },
      {
        id: 'name',
        titleKey: 'users.fields.username',
        helpKey: 'users.screen.password_keep',
        priority: 1,
        value: (pet) => pet.name,
      },
      {
        id: 'status',
        titleKey: 'users.fields.status',
        priority: 1,
        value: (pet) => (pet.status === 1 ? 'on' : 'off'),
      },
    ],
    list: async (_client, query) => {
      calls.list.push({ ...query });
      const keyword = String(query.keyword ?? '');
      const found = pets.filter((pet) => pet.name.startsWith(keyword));
      const start = (query.page - 1) * query.size;
      return {
        data: found.slice(start, start + query.size),
        page: query.page,
        size: query.size,
        total_count: found.length,
      };
    },
    filters: [{ name: 'keyword', kind: 'keyword', labelKey: 'common.search' }],
    defaultOrder: '-id',
    pageSizeKey: 'pet',
    status: {
      column: 'status',
      labelKey: 'users.screen.status_switch',
      offKey: 'users.screen.disabled',
      isOn: (pet) => pet.status === 1,
      set: async (_client, pet, on) => {
        const stored = pets.find((item) => item.id === pet.id);
        if (stored) stored.status = on ? 1 : 2;
      },
    },
    rowActions: [
      {
        id: 'delete',
        labelKey: 'common.delete',
        icon: 'trash',
        intent: 'danger',
        confirmKey: 'users.screen.delete_confirm',
        doneKey: 'users.screen.deleted',
        run: async (_client, rows) => {
          for (const row of rows)
            pets.splice(
              pets.findIndex((pet) => pet.id === row.id),
              1,
            );
        },
      },
      { id: 'root-only', labelKey: 'users.screen.set_admin', role: 100, run: async () => {} },
    ],
    batchActions: [
      {
        id: 'disable',
        labelKey: 'common.disable',
        doneKey: 'users.screen.disabled',
        run: async (_client, rows) => {
          for (const row of rows) {
            const stored = pets.find((pet) => pet.id === row.id);
            if (stored) stored.status = 2;
          }
        },
      },
    ],
    form: {
      fields: [
        { name: 'name', kind: 'text', labelKey: 'users.fields.username', required: true },
        { name: 'age', kind: 'int', labelKey: 'users.fields.request_count' },
        { name: 'notes', kind: 'textarea', labelKey: 'users.fields.display_name' },
      ],
      schema: z.object({
        name: z.string().min(1, 'validation.required'),
        age: z.number({ message: 'validation.integer' }).int('validation.integer'),
        notes: z.string(),
      }),
      empty: () => ({ name: '', age: 1, notes: '' }),
      fromRow: (pet) => ({ name: pet.name, age: pet.age, notes: '' }),
      toInput: (values) => values,
      create: async (_client, input) => {
        if (pets.some((pet) => pet.name === input.name))
          throw new GwApiError('VALIDATION_FAILED', 'taken', {
            fields: [{ field: 'name', key: 'x', message: 'Name already taken' }],
          });
        pets.push({ id: pets.length + 100, name: input.name, status: 1, age: input.age });
      },
      createTitleKey: 'users.screen.create',
      createdKey: 'users.screen.created',
    },
    editable: true,
  };
  return { screen, pets, calls };
}
