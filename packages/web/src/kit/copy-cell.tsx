import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

/** A plain cell whose text a click copies (a chip column copies through LabelChip's copyName instead). */
export function CopyCell({ text }: { text: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className="gw-copy-cell"
      onClick={() => void copyText(text, text, t)}
      title={t('web.kit.copy_value', { name: text })}
    >
      {text}
    </button>
  );
}
