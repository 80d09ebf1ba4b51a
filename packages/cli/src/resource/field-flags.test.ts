import { Command } from 'commander';
import { CHANNEL_FORM, TOKEN_FORM, TOKEN_NEVER_EXPIRES } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test-support/fake-context.js';
import { fieldFlags } from './field-flags.js';
import { applyFlags } from './verbs-form.js';

/** Parses `args` with the flags of a form and answers the values typed, by field. */
function typed<Values>(flags: ReturnType<typeof fieldFlags<Values>>, args: string[]) {
  const command = new Command('x').exitOverride();
  for (const flag of flags) for (const option of flag.options) command.addOption(option);
  command.parse(args, { from: 'user' });
  const opts = command.opts();
  return Object.fromEntries(
    flags.flatMap((flag) => {
      const value = flag.read(opts);
      return value === undefined ? [] : [[flag.field.name, value]];
    }),
  );
}

describe('flags from a core form', () => {
  const { ctx } = fakeContext();

  it('Given the token form, Then each field is a flag parsed by its kind, renamed where the spec says', () => {
    const flags = fieldFlags(ctx, TOKEN_FORM.fields, 'create', TOKEN_FORM.empty(), {
      remain_quota: 'quota',
      expired_time: 'expires',
    });
    expect(flags.map((flag) => flag.flag)).toContain('--quota');
    expect(flags.map((flag) => flag.flag)).toContain('--ip-whitelist');
    const values = typed(flags, [
      '--quota',
      '$1',
      '--expires',
      '2099-01-02',
      '--models',
      'a,b',
      '--models',
      'c',
      '--no-heartbeat-enabled',
    ]);
    expect(values).toEqual({
      remain_quota: 500_000,
      expired_time: new Date(2099, 0, 2).getTime() / 1000,
      models: ['a', 'b', 'c'],
      heartbeat_enabled: false,
    });
  });

  it('Given typed values, Then the form rules apply in field order (a quota makes the token limited)', () => {
    const flags = fieldFlags(ctx, TOKEN_FORM.fields, 'create', TOKEN_FORM.empty());
    const byName = (name: string) => flags.find((flag) => flag.field.name === name)!;
    const values = applyFlags(TOKEN_FORM as never, TOKEN_FORM.empty() as never, [
      { field: byName('remain_quota') as never, value: 100 },
    ]);
    expect(values).toMatchObject({ remain_quota: 100, unlimited_quota: false, never_expires: true });
    const input = TOKEN_FORM.toInput(values as never, undefined);
    expect(input).toMatchObject({ unlimited_quota: false, expired_time: TOKEN_NEVER_EXPIRES });
  });

  it('Given the channel form, Then a select takes a value or its label, and help lists short choice lists', () => {
    const flags = fieldFlags(ctx, CHANNEL_FORM.fields, 'create', CHANNEL_FORM.empty());
    expect(typed(flags, ['--type', 'azure openai'])).toEqual({ type: 3 });
    expect(typed(flags, ['--type', '3', '--pre-cost', '2'])).toEqual({ type: 3, pre_cost: 2 });
    expect(() => typed(flags, ['--type', 'nope'])).toThrow('cli.errors.bad_choice');
    const preCost = flags.find((flag) => flag.field.name === 'pre_cost')!;
    expect(preCost.options[0]?.description).toContain('choices: 1=');
    expect(flags.filter((flag) => flag.field.name === 'key')).toHaveLength(1);
  });
});
