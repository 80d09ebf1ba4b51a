import { Icon, type IconName } from '@blueprintjs/core';
import type { ChipTone, ChipVariant } from '@gw/core';
import './kit.css';
import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

interface LabelChipProps {
  text: string;
  tone?: ChipTone;
  variant?: ChipVariant;
  /** What the figure is: the hover text and, with the text, the accessible name. */
  title?: string;
  /** Copies the text on click (a code, a key), with the usual "copied" toast. */
  copyName?: string;
  /** Drawn as this icon instead of the text (which stays its accessible name). */
  icon?: string;
}

/**
 * The console's label chip (console-screens §0.8): filled, outlined, soft or ghost, in one of the eight
 * colours core's rules choose; drawn with CSS only (styles.css `.gw-chip`).
 */
export function LabelChip({
  text,
  tone = 'default',
  variant = 'soft',
  title,
  copyName,
  icon,
}: LabelChipProps) {
  const t = useT();
  const className = `gw-chip gw-chip-${variant} gw-chip-${tone}`;
  if (copyName !== undefined) {
    return (
      <button
        type="button"
        className={`${className} gw-chip-copy`}
        title={title ?? t('common.copy')}
        onClick={() => void copyText(text, copyName, t)}
      >
        {text}
      </button>
    );
  }
  if (icon) {
    return (
      <span
        className={`${className} gw-chip-icon`}
        role="img"
        aria-label={title ? `${text}: ${title}` : text}
        title={title ? `${text}: ${title}` : text}
      >
        <Icon icon={icon as IconName} size={12} />
      </span>
    );
  }
  return (
    <span className={className} title={title}>
      {text}
    </span>
  );
}
