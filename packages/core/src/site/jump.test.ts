import { describe, expect, it } from 'vitest';
import { jumpTarget } from './jump.js';

describe('jump page target', () => {
  it('forwards only to the chat apps’ own schemes', () => {
    expect(jumpTarget('opencat://team/join?domain=x&token=sk-1')).toBe(
      'opencat://team/join?domain=x&token=sk-1',
    );
    expect(jumpTarget(' AMA://set-api-key?key=1 ')).toBe('AMA://set-api-key?key=1');
    for (const refused of [
      null,
      undefined,
      '',
      'https://evil.example',
      'javascript:alert(1)',
      'opencat://',
      'ftp://x',
    ]) {
      expect(jumpTarget(refused)).toBeUndefined();
    }
  });
});
