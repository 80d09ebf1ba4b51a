import {
  type ColumnContext,
  deleteToken,
  formatTimestamp,
  setTokenStatus,
  TOKEN_COLUMNS,
  TOKEN_STATUS,
  type Token,
  tokenKeyForDisplay,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { TextInput } from '../../ui/text-input.js';
import { useState } from 'react';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { DataTable } from '../../ui/data-table.js';
import { TokenCreateForm } from './token-create-form.js';
import { TokenDetail } from './token-detail.js';
import {
  LIST_BINDINGS,
  MODE_BINDINGS,
  type TokenListAction,
  type TokenMode,
  tokenListAction,
} from './token-bindings.js';
import { useTokenList } from './use-token-list.js';

/** The token screen: the caller's tokens with paging, filter, create, enable/disable, delete and detail. */
export function TokenScreen() {
  const { t, glyphs, columns, refreshSeconds } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const [mode, setMode] = useState<TokenMode>({ kind: 'list' });
  const [paused, setPaused] = useState(false);
  // Dialogs hold still: live refresh runs only while the list (or a detail) is shown and not paused.
  const live = !paused && (mode.kind === 'list' || mode.kind === 'detail');
  const list = useTokenList(client, host.notifyError, live ? refreshSeconds : 0);
  const [cursor, setCursor] = useState(0);
  const [filterText, setFilterText] = useState('');
  const selected: Token | undefined = list.rows[Math.min(cursor, list.rows.length - 1)];
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };

  const onBack = () => {
    if (mode.kind === 'detail') setMode({ kind: 'list' });
    else if (mode.kind === 'list' && list.keyword) {
      list.setKeyword('');
      setFilterText('');
    } else return false;
    return true;
  };
  const capturing = mode.kind !== 'list' && mode.kind !== 'detail';
  useScreenFrame(
    mode.kind === 'list' ? LIST_BINDINGS : MODE_BINDINGS[mode.kind],
    capturing,
    { loading: list.loading, updatedAt: list.updatedAt, paused: paused && refreshSeconds > 0 },
    onBack,
  );

  const changeStatus = async (token: Token, status: 1 | 2) => {
    try {
      await setTokenStatus(client, token.id, status);
      host.notify(t(status === TOKEN_STATUS.enabled ? 'tokens.enabled_toast' : 'tokens.disabled_toast'));
      await list.reload();
    } catch (error) {
      host.notifyError(error);
    }
  };
  const remove = async (token: Token) => {
    setMode({ kind: 'list' });
    try {
      await deleteToken(client, token.id);
      host.notify(t('tokens.deleted'));
      await list.reload();
    } catch (error) {
      host.notifyError(error);
    }
  };

  const runAction = (action: TokenListAction) => {
    const last = Math.max(0, list.rows.length - 1);
    if (action === 'down') return setCursor((current) => Math.min(current + 1, last));
    if (action === 'up') return setCursor((current) => Math.max(current - 1, 0));
    if (action === 'top' || action === 'bottom') return setCursor(action === 'top' ? 0 : last);
    if (action === 'next_page' || action === 'previous_page') {
      list.turnPage(action === 'next_page' ? 1 : -1);
      return setCursor(0);
    }
    if (action === 'filter') {
      setFilterText(list.keyword);
      return setMode({ kind: 'filter' });
    }
    if (action === 'refresh') return void list.reload();
    if (action === 'pause') return setPaused((current) => !current);
    if (action === 'create') return setMode({ kind: 'create' });
    if (!selected) return;
    if (action === 'delete') return setMode({ kind: 'confirm', token: selected });
    if (action === 'detail') return setMode({ kind: 'detail', token: selected });
    const enable = action === 'enable' || (action === 'toggle' && selected.status !== TOKEN_STATUS.enabled);
    void changeStatus(selected, enable ? TOKEN_STATUS.enabled : TOKEN_STATUS.disabled);
  };

  useKeys(
    (input, key) => {
      if (mode.kind === 'confirm') {
        if (input === 'y' || input === 'Y') void remove(mode.token);
        else setMode({ kind: 'list' });
      } else if (mode.kind === 'created') setMode({ kind: 'list' });
      else if (mode.kind === 'filter') {
        if (key.escape) setMode({ kind: 'list' });
        if (!key.return) return;
        list.setKeyword(filterText);
        setCursor(0);
        setMode({ kind: 'list' });
      } else if (mode.kind === 'detail') {
        if (key.return || input === 'd') setMode({ kind: 'list' });
      } else if (mode.kind === 'list') {
        const action = tokenListAction(input, key);
        if (action) runAction(action);
      }
    },
    host.active && mode.kind !== 'create',
  );

  const title = `${t('tokens.title')}${list.keyword ? `  (${t('tui.tokens.filter_active', { keyword: list.keyword })})` : ''}`;
  if (mode.kind === 'create')
    return (
      <Box flexDirection="column" paddingX={1}>
        <TokenCreateForm
          onCancel={() => setMode({ kind: 'list' })}
          onCreated={(token) => {
            setMode({ kind: 'created', token });
            void list.reload();
          }}
        />
      </Box>
    );
  if (mode.kind === 'detail')
    return (
      <Box flexDirection="column" paddingX={1}>
        <TokenDetail token={mode.token} ctx={ctx} />
      </Box>
    );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      {mode.kind === 'filter' ? (
        <Box>
          <Text color="cyan">{`${t('tui.tokens.filter_prompt')}: /`}</Text>
          <TextInput value={filterText} onChange={setFilterText} focus={host.active} />
        </Box>
      ) : null}
      {mode.kind === 'created' ? (
        <Box flexDirection="column" borderStyle={glyphs.rule === '-' ? 'classic' : 'single'} paddingX={1}>
          <Text>{t('tokens.created_note', { name: mode.token.name, id: mode.token.id })}</Text>
          <Text bold color="green">
            {tokenKeyForDisplay(mode.token.key)}
          </Text>
          <Text dimColor>{t('tui.tokens.press_any_key')}</Text>
        </Box>
      ) : null}
      {mode.kind === 'confirm' ? (
        <Box flexDirection="column">
          <Text color="yellow" bold>{`${t('tokens.delete_confirm', { name: mode.token.name })} [y/N]`}</Text>
          <Text dimColor>{t('tui.tokens.confirm_hint')}</Text>
        </Box>
      ) : null}
      <DataTable
        columns={TOKEN_COLUMNS}
        rows={list.rows}
        ctx={ctx}
        selected={Math.min(cursor, list.rows.length - 1)}
        width={columns - 2}
        glyphs={glyphs}
      />
      {list.rows.length === 0 ? (
        <Text dimColor>{glyphs.text(t(list.loading ? 'common.loading' : 'common.no_data'))}</Text>
      ) : null}
      {list.updatedAt === undefined ? null : (
        <Text dimColor>{t('common.page_of', { page: list.page, pages: list.pages, total: list.total })}</Text>
      )}
    </Box>
  );
}
