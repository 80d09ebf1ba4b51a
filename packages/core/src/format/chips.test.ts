import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.js';
import { CHIP_TONES, roleChip, stateChip, yesNoChip } from './chips.js';

describe('label chip colour rules', () => {
  it('Given each role, when coloured, then common grey, staff info, admin warning, super admin error', () => {
    expect(roleChip(ROLES.common).tone).toBe('default');
    expect(roleChip(ROLES.reliable).tone).toBe('info');
    expect(roleChip(ROLES.admin).tone).toBe('warning');
    expect(roleChip(ROLES.root).tone).toBe('error');
    expect(roleChip(0).tone).toBe('default');
  });

  it('Given a flag, when coloured, then yes is a green chip and no an outlined grey one', () => {
    expect(yesNoChip(true)).toEqual({ tone: 'success' });
    expect(yesNoChip(false)).toEqual({ tone: 'default', variant: 'outlined' });
    expect(stateChip(true).tone).toBe('success');
    expect(stateChip(false).tone).toBe('error');
  });

  it('Given the spec, then the eight colours are offered in its order', () => {
    expect(CHIP_TONES).toEqual([
      'default',
      'primary',
      'secondary',
      'info',
      'success',
      'warning',
      'orange',
      'error',
    ]);
  });
});
