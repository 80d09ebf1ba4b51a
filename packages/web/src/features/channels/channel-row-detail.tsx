// The panel an untagged row opens (console-screens §1.3): its models as chips that copy on click, the
// test model, the proxy and the "other" parameter.
import { Tag } from '@blueprintjs/core';
import { type Channel, channelModels } from '@gw/core';
import type { ReactNode } from 'react';
import { copyText } from '../../lib/clipboard';
import { useT } from '../../lib/use-t';

function CopyChip({ text }: { text: string }) {
  const t = useT();
  return (
    <Tag minimal round interactive className="gw-copy-chip" onClick={() => void copyText(text, text, t)}>
      {text}
    </Tag>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gw-detail-line">
      <span className="gw-detail-label">{label}</span>
      <span className="gw-chip-wrap">{children}</span>
    </div>
  );
}

export function ChannelRowDetail({ channel }: { channel: Channel }) {
  const t = useT();
  const none = <span className="bp6-text-muted">{t('channels.list.none')}</span>;
  return (
    <section className="gw-channel-detail" aria-label={t('channels.list.details', { name: channel.name })}>
      <Line label={t('channels.list.models')}>
        {channelModels(channel).map((model) => (
          <CopyChip key={model} text={model} />
        ))}
      </Line>
      <Line label={t('channels.list.test_model')}>
        {channel.test_model ? <CopyChip text={channel.test_model} /> : none}
      </Line>
      <Line label={t('channels.list.proxy')}>{channel.proxy ? <span>{channel.proxy}</span> : none}</Line>
      <Line label={t('channels.list.other')}>{channel.other ? <CopyChip text={channel.other} /> : none}</Line>
    </section>
  );
}
