import { z } from 'zod';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

/** The group every user starts in; it cannot be disabled or deleted (contract §1.10). */
export const DEFAULT_USER_GROUP = 'default';
/** A group symbol is English: letters, digits, `_` and `-` (spec §5). */
export const USER_GROUP_SYMBOL_PATTERN = /^[A-Za-z0-9_-]+$/;
export const USER_GROUP_SYMBOL_MAX = 64;
export const USER_GROUP_NAME_MAX = 64;
/** Requests per minute when a create body names none (contract §2.8; the console's form suggests 300). */
export const USER_GROUP_DEFAULT_API_RATE = 600;
/** Fields a user group list may be sorted by: the contract's three plus every column the console sorts. */
export const USER_GROUP_SORT_FIELDS = [
  'id',
  'symbol',
  'name',
  'ratio',
  'api_rate',
  'public',
  'promotion',
  'min',
  'max',
  'enable',
] as const;
export type UserGroupSortField = (typeof USER_GROUP_SORT_FIELDS)[number];

/** A user group as the API returns it (contract §2.8); `enable` may be null on one-hub (= enabled). */
export const userGroupSchema = z.looseObject({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string().default(''),
  ratio: z.number().default(1),
  api_rate: z.number().int().default(0),
  public: z.boolean().default(false),
  promotion: z.boolean().default(false),
  min: z.number().int().default(0),
  max: z.number().int().default(0),
  enable: z
    .boolean()
    .nullable()
    .default(true)
    .transform((value) => value ?? true),
});
export type UserGroup = z.output<typeof userGroupSchema>;

const wholeAtLeastZero = z
  .number()
  .int('validation.integer')
  .min(0, 'validation.min_zero')
  .max(1_000_000_000, 'validation.too_large');

/** The fields an admin edits on create and update. */
const userGroupFields = {
  name: z.string().min(1, 'validation.required').max(USER_GROUP_NAME_MAX, 'validation.max_length'),
  ratio: z.number().min(0, 'validation.min_zero').max(1_000_000, 'validation.too_large'),
  api_rate: wholeAtLeastZero.default(USER_GROUP_DEFAULT_API_RATE),
  public: z.boolean().default(false),
  promotion: z.boolean().default(false),
  min: wholeAtLeastZero.default(0),
  max: wholeAtLeastZero.default(0),
};

/** `max` is 0 (no upper bound) or at least `min`. */
function checkBounds(group: { min: number; max: number }, ctx: z.RefinementCtx): void {
  if (group.max !== 0 && group.max < group.min) {
    ctx.addIssue({
      code: 'custom',
      path: ['max'],
      message: 'user_groups.errors.max_below_min',
      params: { min: group.min },
    });
  }
}

/** `POST /api/user_group/` body. */
export const userGroupCreateSchema = z
  .object({
    ...userGroupFields,
    symbol: z
      .string()
      .min(1, 'validation.required')
      .max(USER_GROUP_SYMBOL_MAX, 'validation.max_length')
      .regex(USER_GROUP_SYMBOL_PATTERN, 'user_groups.errors.symbol_english'),
    enable: z.boolean().default(true),
  })
  .superRefine(checkBounds);
export type UserGroupCreateInput = z.input<typeof userGroupCreateSchema>;
export type UserGroupCreate = z.output<typeof userGroupCreateSchema>;

/** `PUT /api/user_group/` body: symbol and enable are not edited here (they are ignored when sent). */
export const userGroupUpdateSchema = z
  .object({
    ...userGroupFields,
    id: z.number().int('validation.integer').min(1, 'validation.min').max(MAX_INT_COLUMN, 'validation.max'),
  })
  .superRefine(checkBounds);
export type UserGroupUpdateInput = z.input<typeof userGroupUpdateSchema>;
export type UserGroupUpdate = z.output<typeof userGroupUpdateSchema>;

/** The filters of `GET /api/user_group/`: `Name` (name prefix, one-hub's capitalised param) and `enable`. */
export interface UserGroupListQuery {
  page?: number;
  size?: number;
  order?: string;
  Name?: string;
  enable?: boolean;
}
