import { Button, Card, Icon } from '@blueprintjs/core';
import {
  billingTypeKey,
  type CatalogueGroup,
  type CatalogueModel,
  groupPriceText,
  groupRateText,
  isHotTag,
  modalityLabelKey,
  modalityTone,
} from '@gw/core';
import { LabelChip } from '../../kit/label-chip';
import { copyText } from '../../lib/clipboard';
import { useT } from '../../lib/use-t';
import { OwnerAvatar } from './owner-avatar';

/** A modality in the console's language (one it does not know as typed). */
export function useModalityText(): (modality: string) => string {
  const t = useT();
  return (modality) => {
    const key = modalityLabelKey(modality);
    return key ? t(key) : modality;
  };
}

/** A model's tags, the "hot" one first with a flame. */
export function ModelTags({ tags }: { tags: readonly string[] }) {
  const t = useT();
  const ordered = [...tags].sort((a, b) => Number(isHotTag(b)) - Number(isHotTag(a)));
  return (
    <>
      {ordered.map((tag) =>
        isHotTag(tag) ? (
          <span key={tag} className="gw-chip gw-chip-filled gw-chip-error gw-hot">
            <Icon icon="flash" size={12} />
            {t('billing.models.hot')}
          </span>
        ) : (
          <LabelChip key={tag} text={tag} />
        ),
      )}
    </>
  );
}

/** The model's id with its copy button. */
export function CopyModelId({ model }: { model: string }) {
  const t = useT();
  return (
    <Button
      variant="minimal"
      size="small"
      icon="duplicate"
      aria-label={t('billing.models.copy_id', { name: model })}
      title={t('billing.models.copy_id', { name: model })}
      onClick={() => void copyText(model, model, t)}
    />
  );
}

interface ModelCardProps {
  model: CatalogueModel;
  group: CatalogueGroup | undefined;
  perMillion: boolean;
  onDetails: () => void;
}

/** One model as a card (§16 card view): owner, id, description, modalities, tags, billing and the group's price. */
export function ModelCard({ model, group, perMillion, onDetails }: ModelCardProps) {
  const t = useT();
  const modalityText = useModalityText();
  const offered = group !== undefined && model.groups.includes(group.symbol);
  const price = offered ? groupPriceText(model.price, group.ratio, perMillion, t) : undefined;
  const rate = group ? groupRateText(group.ratio) : undefined;
  return (
    <Card className="gw-model-card" aria-label={model.model} role="article">
      <header className="gw-model-card-head">
        <OwnerAvatar owner={model.owner} size={36} />
        <div className="gw-model-card-title">
          <strong title={model.model}>{model.name}</strong>
          <small>{model.owner.name}</small>
        </div>
        <CopyModelId model={model.model} />
      </header>
      {model.description && <p className="gw-model-card-description">{model.description}</p>}
      <div className="gw-chips">
        {model.inputModalities.map((modality) => (
          <LabelChip
            key={`in-${modality}`}
            text={`↓ ${modalityText(modality)}`}
            tone={modalityTone(modality)}
          />
        ))}
        {model.outputModalities.map((modality) => (
          <LabelChip
            key={`out-${modality}`}
            text={`↑ ${modalityText(modality)}`}
            tone={modalityTone(modality)}
            variant="outlined"
          />
        ))}
        <ModelTags tags={model.tags} />
      </div>
      <div className="gw-chips">
        <LabelChip
          text={t(billingTypeKey(model))}
          tone={model.price.type === 'times' ? 'warning' : 'success'}
        />
        {price ? (
          <>
            <LabelChip
              text={`${t('billing.models.fields.input')} ${price.input}`}
              tone="info"
              variant="outlined"
            />
            {price.output !== undefined && (
              <LabelChip
                text={`${t('billing.models.fields.output')} ${price.output}`}
                tone="info"
                variant="outlined"
              />
            )}
          </>
        ) : (
          <span className="gw-model-unavailable">{t('billing.models.unavailable')}</span>
        )}
      </div>
      <footer className="gw-model-card-foot">
        {group && (
          <span className="gw-chips">
            <LabelChip text={group.name} tone="primary" />
            <LabelChip
              text={rate ?? t('billing.models.free')}
              tone={group.ratio > 1 ? 'warning' : 'success'}
              title={rate ? t('billing.models.rate', { ratio: group.ratio }) : t('billing.models.free')}
            />
          </span>
        )}
        <Button size="small" icon="eye-open" text={t('billing.models.details')} onClick={onDetails} />
      </footer>
    </Card>
  );
}
