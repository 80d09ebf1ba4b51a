import { Tag } from '@blueprintjs/core';
import type { ColumnTone } from '@gw/core';
import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

/** A cell whose text a click copies (a model id), drawn as a chip when the column has chips. */
export function CopyCell({ text, chip, tone }: { text: string; chip?: boolean; tone?: ColumnTone }) {
  const t = useT();
  const copy = () => void copyText(text, text, t);
  const label = t('web.kit.copy_value', { name: text });
  return chip ? (
    <Tag minimal round interactive intent={tone ?? 'none'} onClick={copy} title={label}>
      {text}
    </Tag>
  ) : (
    <button type="button" className="gw-copy-cell" onClick={copy} title={label}>
      {text}
    </button>
  );
}
