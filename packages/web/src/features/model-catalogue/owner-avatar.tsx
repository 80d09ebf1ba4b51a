import type { CatalogueModel } from '@gw/core';
import { useState } from 'react';
import { useT } from '../../lib/use-t';

// A few calm colours for the letter avatars of owners without an icon, picked by the owner's name.
const HUES = [210, 160, 30, 280, 340, 100, 190, 0];

/** An owner's icon (its URL from `/api/model_ownedby`), or its first letter on a coloured disc. */
export function OwnerAvatar({
  owner,
  size = 28,
  decorative = false,
}: {
  owner: CatalogueModel['owner'];
  size?: number;
  /** Beside the owner's name (a chip): hidden from screen readers, which read the name. */
  decorative?: boolean;
}) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  const label = decorative ? '' : t('billing.models.owner_icon', { name: owner.name });
  if (owner.icon && !broken) {
    return (
      <img
        className="gw-owner-avatar"
        src={owner.icon}
        alt={label}
        width={size}
        height={size}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  }
  const hue = HUES[[...owner.name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % HUES.length];
  const style = { width: size, height: size, fontSize: size / 2, background: `hsl(${hue} 55% 45%)` };
  const letter = [...owner.name][0]?.toUpperCase() ?? '?';
  return decorative ? (
    <span className="gw-owner-avatar gw-owner-letter" aria-hidden="true" style={style}>
      {letter}
    </span>
  ) : (
    <span className="gw-owner-avatar gw-owner-letter" role="img" aria-label={label} style={style}>
      {letter}
    </span>
  );
}
