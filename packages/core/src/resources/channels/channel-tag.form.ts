// Editing a tag row as one (console-screens §1.4 tag mode) with the plain form: the channel form's
// fields without type and name, every member key one a line; saved with `PUT /api/channel_tag/:tag`.
// The web's full channel editor may draw its own tag mode; this is what the kit's form dialog draws.
import type { z } from 'zod';
import type { FormDef, FormFieldDef } from '../../screens/screen-model.js';
import { getChannelTag, updateChannelTag } from './channel-tags.api.js';
import type { ChannelTagUpdateInput } from './channels-input.schema.js';
import type { Channel } from './channels.schema.js';
import {
  CHANNEL_FORM,
  type ChannelFormValues,
  channelEditFormSchema,
  channelFormFromRow,
  channelInputFromForm,
} from './channels.screen.js';

/** Fields the tag form leaves out: each member keeps its own type and name, and keys are one a line. */
const NOT_IN_TAG_MODE: ReadonlySet<string> = new Set(['type', 'name', 'batch', 'key']);

const TAG_FIELDS: readonly FormFieldDef<ChannelFormValues>[] = [
  ...CHANNEL_FORM.fields.filter((field) => !NOT_IN_TAG_MODE.has(field.name)),
  { name: 'key', kind: 'textarea', labelKey: 'channels.fields.key', helpKey: 'channels.list.tag_keys_help' },
];

const tagFormSchema = channelEditFormSchema.superRefine((values, ctx) => {
  if (values.key.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['key'], message: 'channels.validation.key_required' });
}) as unknown as z.ZodType<ChannelFormValues>;

/** The tag form's values: the first member's fields and every member key (one a line). */
export function channelTagFormFromDetail(detail: Channel): ChannelFormValues {
  return { ...channelFormFromRow(detail), key: detail.key };
}

/** The tag update body: the shared fields and every key, one a line. */
export function channelTagInputFromForm(values: ChannelFormValues): ChannelTagUpdateInput {
  const { name: _name, type: _type, ...shared } = channelInputFromForm({ ...values, batch: true }, undefined);
  return shared;
}

/** The form of a tag row; `row` is the list's representative channel, whose `tag` names the tag. */
export const CHANNEL_TAG_FORM: FormDef<Channel, ChannelFormValues, ChannelTagUpdateInput> = {
  fields: TAG_FIELDS,
  schema: tagFormSchema,
  empty: () => {
    throw new Error('a tag is edited, never created');
  },
  fromRow: channelTagFormFromDetail,
  toInput: (values) => channelTagInputFromForm(values),
  load: (client, row) => getChannelTag(client, row.tag),
  create: () => Promise.reject(new Error('a tag is edited, never created')),
  update: (client, input, row) => updateChannelTag(client, row.tag, input),
  editTitleKey: 'channels.list.edit_tag',
  updatedKey: 'channels.messages.updated',
};
