import { describe, expect, it } from 'vitest';
import { actionOfCustomId, actionOfSimpleChange, midjourneyAction } from './midjourney-actions.js';

describe('the priced action of a Midjourney submit', () => {
  it('is fixed by the endpoint for imagine, describe, blend, shorten, modal, upload and face swap', () => {
    expect(midjourneyAction('imagine', {})).toBe('IMAGINE');
    expect(midjourneyAction('modal', { customId: 'MJ::JOB::upsample::1::x' })).toBe('MODAL');
    expect(midjourneyAction('upload-discord-images', {})).toBe('UPLOAD');
    expect(midjourneyAction('swap_face', {})).toBe('SWAP_FACE');
    expect(midjourneyAction('no-such-endpoint', {})).toBeUndefined();
  });

  it('comes from a button customId', () => {
    expect(actionOfCustomId('MJ::JOB::upsample::2::3dbbd469')).toBe('UPSCALE');
    expect(actionOfCustomId('MJ::JOB::variation::1::3dbbd469')).toBe('VARIATION');
    expect(actionOfCustomId('MJ::JOB::low_variation::1::x')).toBe('LOW_VARIATION');
    expect(actionOfCustomId('MJ::JOB::high_variation::1::x')).toBe('HIGH_VARIATION');
    expect(actionOfCustomId('MJ::JOB::pan_left::1::x::SOLO')).toBe('PAN');
    expect(actionOfCustomId('MJ::JOB::reroll::0::x::SOLO')).toBe('REROLL');
    expect(actionOfCustomId('MJ::Outpaint::50::1::x::SOLO')).toBe('ZOOM');
    expect(actionOfCustomId('MJ::CustomZoom::x')).toBe('CUSTOM_ZOOM');
    expect(actionOfCustomId('MJ::Inpaint::1::x::SOLO')).toBe('INPAINT');
    expect(actionOfCustomId('MJ::JOB::')).toBeUndefined();
    expect(actionOfCustomId('nonsense')).toBeUndefined();
    expect(midjourneyAction('action', {})).toBeUndefined();
  });

  it('comes from change and simple-change bodies', () => {
    expect(midjourneyAction('change', { action: 'upscale', taskId: 'x', index: 1 })).toBe('UPSCALE');
    expect(midjourneyAction('change', { action: 'ZOOM' })).toBeUndefined();
    expect(actionOfSimpleChange('1320098173412546 U2')).toBe('UPSCALE');
    expect(actionOfSimpleChange('1320098173412546 v4')).toBe('VARIATION');
    expect(actionOfSimpleChange('1320098173412546 R')).toBe('REROLL');
    expect(actionOfSimpleChange('1320098173412546 U5')).toBeUndefined();
    expect(actionOfSimpleChange('U1')).toBeUndefined();
  });
});
