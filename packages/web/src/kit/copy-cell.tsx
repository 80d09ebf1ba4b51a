import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

/**
 * A plain cell whose text a click copies (a chip column copies through LabelChip's copyName instead);
 * `shown` is a shortened text drawn in its place, the whole text then in the tooltip.
 */
export function CopyCell({ text, shown }: { text: string; shown?: string }) {
  const t = useT();
  const title = t('web.kit.copy_value', { name: text });
  return (
    <button
      type="button"
      className="gw-copy-cell"
      onClick={() => void copyText(text, text, t)}
      title={shown !== undefined && shown !== text ? text : title}
    >
      {shown ?? text}
    </button>
  );
}
