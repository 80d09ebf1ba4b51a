import {
  type ColumnDef,
  maskTokenKey,
  TOKEN_COLUMNS,
  TOKEN_STATUS,
  type Token,
  tokenKeyForDisplay,
} from '@gw/core';
import type { CliColor } from '../../output/color.js';

/** A token as `--json` prints it: the API's shape, its key in `sk-` form, masked unless revealed. */
export function tokenJson(token: Token, showKey: boolean): Token {
  return { ...token, key: showKey ? tokenKeyForDisplay(token.key) : maskTokenKey(token.key) };
}

/** The token columns, with the key column showing the full key when asked to. */
export function tokenColumns(showKey: boolean): readonly ColumnDef<Token>[] {
  if (!showKey) return TOKEN_COLUMNS;
  return TOKEN_COLUMNS.map((column) =>
    column.id === 'key' ? { ...column, value: (token: Token) => tokenKeyForDisplay(token.key) } : column,
  );
}

/** Status in colour on a terminal: green when usable, yellow when switched off, red when spent. */
export function tokenCellColor(column: ColumnDef<Token>, token: Token): CliColor {
  if (column.id !== 'status') return 'plain';
  if (token.status === TOKEN_STATUS.enabled) return 'green';
  if (token.status === TOKEN_STATUS.disabled) return 'yellow';
  return 'red';
}
