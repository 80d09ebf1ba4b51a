import { displayWidth, fitCells } from '@gw/core';
import { formatTimestamp, type Token, TOKEN_COLUMNS, type ColumnContext } from '@gw/core';
import { Box, Text } from 'ink';
import { useTuiEnv } from '../../hooks/tui-context.js';

/** Every field of one token, the table's columns first, then its limits and settings. */
export function TokenDetail({ token, ctx }: { token: Token; ctx: ColumnContext }) {
  const { t, glyphs } = useTuiEnv();
  const flag = (on: boolean) => t(on ? 'tui.tokens.enabled_flag' : 'tui.tokens.disabled_flag');
  const list = (on: boolean, entries: readonly string[]) =>
    on ? entries.join(', ') || t('tui.tokens.none') : flag(false);
  const { heartbeat, limits } = token.setting;
  const lines: [string, string][] = [
    ...TOKEN_COLUMNS.map((column): [string, string] => [t(column.titleKey), column.value(token, ctx)]),
    [t('tokens.fields.backup_group'), token.backup_group || t('tui.tokens.none')],
    [t('tokens.fields.accessed_time'), token.accessed_time > 0 ? formatTimestamp(token.accessed_time) : '-'],
    [
      t('tokens.fields.heartbeat_enabled'),
      heartbeat.enabled ? `${flag(true)} (${heartbeat.timeout_seconds}s)` : flag(false),
    ],
    [
      t('tui.tokens.model_limits'),
      list(limits.limit_model_setting.enabled, limits.limit_model_setting.models),
    ],
    [t('tui.tokens.ip_limits'), list(limits.limits_ip_setting.enabled, limits.limits_ip_setting.whitelist)],
  ];
  const labelWidth = Math.max(...lines.map(([label]) => displayWidth(label)));
  return (
    <Box flexDirection="column">
      <Text bold>{t('tui.tokens.detail_title', { name: token.name })}</Text>
      {lines.map(([label, value]) => (
        <Text
          key={label}
          wrap="truncate-end"
        >{`  ${fitCells(label, labelWidth, glyphs.ellipsis)}  ${glyphs.text(value)}`}</Text>
      ))}
    </Box>
  );
}
