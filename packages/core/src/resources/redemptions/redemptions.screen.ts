// The redemption code screen (console-screens §4): list, keyword search, the enable switch, copy, the
// create form whose generated codes are shown and downloaded, edit and delete. The API has no batch
// delete and no "delete invalid" (contract §1.12), so the screen offers neither.
import { z } from 'zod';
import { type FormDef, pagedKeywordQuery, type ScreenDef } from '../../screens/screen-model.js';
import {
  createRedemptions,
  deleteRedemption,
  listRedemptions,
  redeemCode,
  setRedemptionStatus,
  updateRedemption,
} from './redemptions.api.js';
import { REDEMPTION_COLUMNS } from './redemptions.fields.js';
import {
  REDEMPTION_STATUS,
  type Redemption,
  type RedemptionCreateInput,
  type RedemptionUpdateInput,
  redeemSchema,
  redemptionCreateSchema,
} from './redemptions.schema.js';

/** What the code form edits; `count` only on create. */
export interface RedemptionValues {
  name: string;
  /** Points. */
  quota: number;
  count: number;
}

export type RedemptionFormInput = RedemptionCreateInput | RedemptionUpdateInput;

/** The quota a new code's form starts with (console-screens §4: 100 000 points, $0.20 at 500 000/$). */
export const REDEMPTION_FORM_QUOTA = 100_000;

const keyListSchema = z.array(z.string()).catch([]);
const isUsed = (code: Redemption) => code.status === REDEMPTION_STATUS.used;
const isUpdate = (input: RedemptionFormInput): input is RedemptionUpdateInput => 'id' in input;

export const REDEMPTION_FORM: FormDef<Redemption, RedemptionValues, RedemptionFormInput> = {
  fields: [
    {
      name: 'name',
      kind: 'text',
      labelKey: 'redemptions.fields.name',
      helpKey: 'redemptions.form.name_help',
      required: true,
    },
    { name: 'quota', kind: 'quota', labelKey: 'redemptions.fields.quota', required: true },
    {
      name: 'count',
      kind: 'int',
      labelKey: 'redemptions.fields.count',
      helpKey: 'redemptions.form.count_help',
      required: true,
      only: 'create',
    },
  ],
  // One schema for both modes: on edit `count` keeps its starting 1 and is not sent.
  schema: redemptionCreateSchema,
  empty: () => ({ name: '', quota: REDEMPTION_FORM_QUOTA, count: 1 }),
  fromRow: (code) => ({ name: code.name, quota: code.quota, count: 1 }),
  toInput: (values, code) => (code ? { id: code.id, name: values.name, quota: values.quota } : { ...values }),
  create: (client, input) => createRedemptions(client, input as RedemptionCreateInput),
  update: (client, input) => {
    if (!isUpdate(input)) throw new TypeError('a code update needs the code id');
    return updateRedemption(client, input);
  },
  doneKey: 'redemptions.saved',
  afterCreate: {
    kind: 'list',
    titleKey: 'redemptions.created.title',
    helpKey: 'redemptions.created.help',
    items: (created) => keyListSchema.parse(created),
    fileName: (values) => values.name,
  },
};

export const REDEMPTION_SCREEN: ScreenDef<Redemption, RedemptionValues, RedemptionFormInput> = {
  id: 'redemption',
  titleKey: 'redemptions.title',
  entity: 'redemptions',
  rowKey: (code) => code.id,
  rowName: (code) => code.name,
  columns: REDEMPTION_COLUMNS,
  list: (client, query) => listRedemptions(client, pagedKeywordQuery(query)),
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'redemptions.filters.keyword_placeholder',
    },
  ],
  defaultOrder: '-id',
  pageSizeKey: 'redemption',
  emptyKey: 'redemptions.empty',
  status: {
    column: 'status',
    isOn: (code) => code.status === REDEMPTION_STATUS.unused,
    set: (client, code, on) =>
      setRedemptionStatus(client, code.id, on ? REDEMPTION_STATUS.unused : REDEMPTION_STATUS.disabled),
    // A used code shows "Used": redeeming set it, a switch cannot undo it.
    applies: (code) => !isUsed(code),
  },
  rowActions: [
    {
      id: 'copy',
      labelKey: 'common.copy',
      icon: 'duplicate',
      inline: true,
      run: async (_client, codes) => codes.map((code) => code.key).join('\n'),
      result: 'copy',
    },
    {
      id: 'delete',
      labelKey: 'common.delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'redemptions.confirm_delete',
      run: async (client, codes) => {
        for (const code of codes) await deleteRedemption(client, code.id);
      },
      doneKey: 'redemptions.deleted',
    },
  ],
  form: REDEMPTION_FORM,
  editable: true,
  editableRow: (code) => !isUsed(code),
};

/** What the redeem form holds (console-screens §14 "Redeem code"). */
export interface RedeemValues {
  key: string;
}

/** Redeeming a code for the caller as a kit form: the code, then `POST /api/user/topup` (answers the quota added). */
export const REDEEM_FORM: FormDef<never, RedeemValues, RedeemValues> = {
  fields: [{ name: 'key', kind: 'text', labelKey: 'payments.topup.redeem_code', required: true }],
  schema: z.object({ key: z.string().trim().pipe(redeemSchema.shape.key) }),
  empty: () => ({ key: '' }),
  fromRow: () => ({ key: '' }),
  toInput: (values) => ({ key: values.key.trim() }),
  create: (client, input) => redeemCode(client, input.key),
  createTitleKey: 'payments.topup.redeem_title',
};
