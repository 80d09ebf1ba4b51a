import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../i18n/i18n.js';
import { UNKNOWN_OWNER_NAME } from '../resources/model_ownedby/model-ownedby.schema.js';
import { dataNameText, localizeCatalogue, SEEDED_DEFAULT_GROUP_NAME } from './data-names.js';
import type { ModelCatalogue } from './model-catalogue/model-catalogue.js';

const en: Translate = (key, params) => translate('en_US', key, params);
const ja: Translate = (key, params) => translate('ja_JP', key, params);

// Issue 10: "默认分组" and "未知" showed in English views; they are gw's own seeded names.
describe('seeded data names', () => {
  it('Given the seeded default group and unknown owner, Then the interface language names them', () => {
    expect(dataNameText(SEEDED_DEFAULT_GROUP_NAME, en)).toBe('Default group');
    expect(dataNameText(UNKNOWN_OWNER_NAME, en)).toBe('Unknown');
    expect(dataNameText(UNKNOWN_OWNER_NAME, ja)).toBe('不明');
  });

  it('Given a name an admin typed (Chinese or not), Then it shows as typed', () => {
    expect(dataNameText('企业分组', en)).toBe('企业分组');
    expect(dataNameText('OpenAI', en)).toBe('OpenAI');
  });

  it('Given a catalogue, Then its owners and groups are localized and its ids and symbols kept', () => {
    const owner = { id: 0, name: UNKNOWN_OWNER_NAME, icon: '' };
    const catalogue = {
      models: [{ model: 'm', owner }],
      owners: [owner],
      groups: [{ symbol: 'default', name: SEEDED_DEFAULT_GROUP_NAME, ratio: 1 }],
      tags: [],
    } as unknown as ModelCatalogue;
    const shown = localizeCatalogue(catalogue, en);
    expect(shown.models[0]?.owner).toEqual({ id: 0, name: 'Unknown', icon: '' });
    expect(shown.owners[0]?.name).toBe('Unknown');
    expect(shown.groups[0]).toEqual({ symbol: 'default', name: 'Default group', ratio: 1 });
  });
});
