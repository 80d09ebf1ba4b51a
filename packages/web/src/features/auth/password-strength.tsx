import { ProgressBar } from '@blueprintjs/core';
import { passwordStrength } from '@gw/core';
import { useT } from '../../lib/use-t';

const INTENTS = {
  poor: 'danger',
  weak: 'warning',
  normal: 'warning',
  good: 'success',
  strong: 'success',
} as const;

/** The strength meter under the sign-up password (§13.2): a bar of five steps and its label. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useT();
  if (!password) return null;
  const { score, level } = passwordStrength(password);
  const label = t('account.strength', { level: t(`account.strength_levels.${level}`) });
  return (
    <div className="gw-strength">
      <ProgressBar value={Math.max(score, 1) / 5} intent={INTENTS[level]} animate={false} stripes={false} />
      <span className="bp6-text-small bp6-text-muted" aria-live="polite">
        {label}
      </span>
    </div>
  );
}
