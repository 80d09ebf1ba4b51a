import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import {
  billingTypeKey,
  type CatalogueGroup,
  type CatalogueModel,
  extraUsageKindKey,
  groupPriceText,
  groupRateText,
  thousands,
} from '@gw/core';
import { useT } from '../../lib/use-t';
import { CopyModelId, ModelTags, useModalityText } from './model-card';
import { OwnerAvatar } from './owner-avatar';

interface ModelDetailDialogProps {
  model: CatalogueModel;
  groups: readonly CatalogueGroup[];
  perMillion: boolean;
  onClose: () => void;
}

/** A model's details (§16): its info, the price every group pays, and its extra ratios. */
export function ModelDetailDialog({ model, groups, perMillion, onClose }: ModelDetailDialogProps) {
  const t = useT();
  const none = t('billing.models.none');
  const modalityText = useModalityText();
  const list = (items: readonly string[]) => (items.length ? items.map(modalityText).join(', ') : none);
  const info: [string, string][] = [
    ['billing.models.fields.type', t(billingTypeKey(model))],
    ['billing.models.fields.owner', model.owner.name],
    ['billing.models.fields.context_length', model.contextLength ? thousands(model.contextLength) : none],
    ['billing.models.fields.max_tokens', model.maxTokens ? thousands(model.maxTokens) : none],
    ['billing.models.fields.input_modalities', list(model.inputModalities)],
    ['billing.models.fields.output_modalities', list(model.outputModalities)],
  ];
  const extras = Object.entries(model.price.extra_ratios ?? {});
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('billing.models.details_of', { name: model.name })}
      className="gw-model-detail"
    >
      <DialogBody>
        <header className="gw-model-card-head">
          <OwnerAvatar owner={model.owner} size={40} />
          <div className="gw-model-card-title">
            <strong>{model.name}</strong>
            <code>{model.model}</code>
          </div>
          <CopyModelId model={model.model} />
        </header>
        <div className="gw-chips">
          <ModelTags tags={model.tags} />
        </div>
        {model.description && <p>{model.description}</p>}
        <dl className="gw-model-info">
          {info.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h4>{t('billing.models.prices')}</h4>
        <HTMLTable compact striped className="gw-table" aria-label={t('billing.models.prices')}>
          <thead>
            <tr>
              <th>{t('billing.models.fields.group')}</th>
              <th>{t('billing.models.fields.input')}</th>
              <th>{t('billing.models.fields.output')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => {
              const rate = groupRateText(group.ratio);
              const label = `${group.name} (${rate ?? t('billing.models.free')})`;
              if (!model.groups.includes(group.symbol))
                return (
                  <tr key={group.symbol}>
                    <td>{label}</td>
                    <td colSpan={2}>{t('billing.models.unavailable')}</td>
                  </tr>
                );
              const price = groupPriceText(model.price, group.ratio, perMillion, t);
              return (
                <tr key={group.symbol}>
                  <td>{label}</td>
                  <td>{price.input}</td>
                  <td>{price.output ?? '-'}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        <p className="bp6-text-muted">{t('billing.models.note')}</p>
        {extras.length > 0 && (
          <>
            <h4>{t('billing.models.other')}</h4>
            <ul>
              {extras.map(([kind, value]) => (
                <li key={kind}>
                  {t(extraUsageKindKey(kind))} ×{value}
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}
