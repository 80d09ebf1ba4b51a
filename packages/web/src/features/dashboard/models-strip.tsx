import { Button, Card, Tag } from '@blueprintjs/core';
import { dataNameText, getAvailableModels, listModelOwners, modelsByOwner } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { copyText } from '../../lib/clipboard';
import { useT } from '../../lib/use-t';

/**
 * The available models (spec §7): the first provider's chips, every provider's when opened; a chip
 * copies its model's name.
 */
export function ModelsStrip() {
  const t = useT();
  const { client } = useApp();
  const [open, setOpen] = useState(false);
  const models = useQuery({
    queryKey: ['available_models', 'all'],
    queryFn: () => getAvailableModels(client),
  });
  // The owner list orders the providers; without it they go by name.
  const owners = useQuery({ queryKey: ['model_ownedby', 'strip'], queryFn: () => listModelOwners(client) });
  const groups = modelsByOwner(models.data ?? {}, owners.data ?? []);
  const shown = open ? groups : groups.slice(0, 1);
  return (
    <Card className="gw-models-strip" role="region" aria-label={t('dashboard.models_title')}>
      <div className="gw-models-strip-head">
        <strong>{t('dashboard.models_title')}</strong>
        {groups.length > 1 && (
          <Button
            variant="minimal"
            size="small"
            icon={open ? 'chevron-up' : 'chevron-down'}
            text={t(open ? 'dashboard.models_less' : 'dashboard.models_more')}
            onClick={() => setOpen(!open)}
          />
        )}
      </div>
      {models.data && groups.length === 0 && <p>{t('dashboard.models_none')}</p>}
      {shown.map((group) => (
        <div key={group.owner} className="gw-models-owner">
          <span className="gw-models-owner-name">
            {group.icon && <img src={group.icon} alt="" width={16} height={16} />}
            {group.owner ? dataNameText(group.owner, t) : '—'}
          </span>
          {group.models.map((model) => (
            <Tag key={model} interactive round minimal onClick={() => void copyText(model, model, t)}>
              {model}
            </Tag>
          ))}
        </div>
      ))}
    </Card>
  );
}
