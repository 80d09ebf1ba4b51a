import { Button, ButtonGroup, InputGroup, Switch } from '@blueprintjs/core';
import { MODALITIES, type CatalogueQuery, groupRateText, type ModelCatalogue } from '@gw/core';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/use-t';
import { ChipChoice } from './chip-choice';
import { OwnerAvatar } from './owner-avatar';

interface CatalogueFiltersProps {
  catalogue: ModelCatalogue;
  query: CatalogueQuery;
  onChange: (change: Partial<CatalogueQuery>) => void;
}

/** The filter panel of §16: search, K/M, provider, modality, tag, user group and "only available". */
export function CatalogueFilters({ catalogue, query, onChange }: CatalogueFiltersProps) {
  const t = useT();
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);
  const all = { value: '', label: t('common.all') };
  return (
    <section className="gw-catalogue-filters" aria-label={t('web.kit.filters')}>
      <div className="gw-catalogue-search">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ keyword: keyword.trim() });
          }}
        >
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('billing.models.filters.search')}
            placeholder={t('billing.models.filters.search_placeholder')}
            value={keyword}
            onValueChange={(value) => {
              setKeyword(value);
              // Clearing the box (its ×, or deleting the text) shows every model again at once.
              if (value === '') onChange({ keyword: '' });
            }}
            rightElement={
              keyword ? (
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={t('billing.models.filters.clear')}
                  onClick={() => onChange({ keyword: '' })}
                />
              ) : undefined
            }
          />
        </form>
        <ButtonGroup aria-label={t('billing.models.filters.unit')}>
          {(['K', 'M'] as const).map((unit) => (
            <Button
              key={unit}
              text={unit}
              title={t(`billing.models.units.${unit}`)}
              aria-label={t(`billing.models.units.${unit}`)}
              aria-pressed={query.unit === unit}
              intent={query.unit === unit ? 'primary' : undefined}
              onClick={() => onChange({ unit })}
            />
          ))}
        </ButtonGroup>
      </div>
      <ChipChoice
        label={t('billing.models.filters.owner')}
        value={query.owner}
        onChange={(owner) => onChange({ owner })}
        options={[
          all,
          ...catalogue.owners.map((owner) => ({
            value: String(owner.id),
            label: (
              <>
                <OwnerAvatar owner={owner} size={16} decorative />
                {owner.name}
              </>
            ),
          })),
        ]}
      />
      <ChipChoice
        label={t('billing.models.filters.modality')}
        value={query.modality}
        onChange={(modality) => onChange({ modality })}
        options={[
          all,
          ...MODALITIES.map((value) => ({ value, label: t(`billing.models.modalities.${value}`) })),
        ]}
      />
      {catalogue.tags.length > 0 && (
        <ChipChoice
          label={t('billing.models.filters.tag')}
          value={query.tag}
          onChange={(tag) => onChange({ tag })}
          options={[all, ...catalogue.tags.map((tag) => ({ value: tag, label: tag }))]}
        />
      )}
      <div className="gw-catalogue-groups">
        <ChipChoice
          label={t('billing.models.filters.group')}
          value={query.group}
          onChange={(group) => onChange({ group })}
          options={catalogue.groups.map((group) => {
            const rate = groupRateText(group.ratio);
            return {
              value: group.symbol,
              title: rate ? t('billing.models.rate', { ratio: group.ratio }) : t('billing.models.free'),
              label: `${group.name} ${rate ?? t('billing.models.free')}`,
            };
          })}
        />
        <Switch
          label={t('billing.models.filters.available_only')}
          checked={query.available}
          onChange={(event) => onChange({ available: event.currentTarget.checked })}
        />
      </div>
    </section>
  );
}
