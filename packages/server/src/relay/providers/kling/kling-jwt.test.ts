import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { klingModel } from './kling-provider.js';
import { klingToken, splitKlingKey } from './kling-jwt.js';

describe('Kling key and token', () => {
  it('splits ak|sk and refuses anything else', () => {
    expect(splitKlingKey(' ak | sk ')).toEqual({ accessKey: 'ak', secretKey: 'sk' });
    expect(splitKlingKey('ak')).toBeUndefined();
    expect(splitKlingKey('ak|')).toBeUndefined();
    expect(splitKlingKey('a|b|c')).toBeUndefined();
  });

  it('signs an HS256 JWT issued by the access key, valid 30 minutes from 5 s before', () => {
    const token = klingToken('ak', 'sk', 1_700_000_000);
    const [header = '', payload = '', signature = ''] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      iss: 'ak',
      exp: 1_700_000_000 + 1800,
      nbf: 1_700_000_000 - 5,
    });
    expect(signature).toBe(createHmac('sha256', 'sk').update(`${header}.${payload}`).digest('base64url'));
    expect(klingToken('ak', 'other', 1_700_000_000)).not.toBe(token);
  });

  it('prices kling-video_<model_name|kling-v1>_<mode|std>_<duration|5>', () => {
    expect(klingModel({})).toBe('kling-video_kling-v1_std_5');
    expect(klingModel({ model_name: 'kling-v1-6', mode: 'pro', duration: 10 })).toBe(
      'kling-video_kling-v1-6_pro_10',
    );
  });
});
