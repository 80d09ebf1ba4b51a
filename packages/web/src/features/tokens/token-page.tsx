import { Button, Callout, InputGroup } from '@blueprintjs/core';
import '../../kit/kit.css';
import { listTokens, type Paged, type Token } from '@gw/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../lib/use-t';
import { useApp } from '../../app/app-context';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/toasts';
import { TokenFormDialog } from './token-form-dialog';
import { DEFAULT_TOKEN_ORDER, readTokenPageSize, serverAddress, writeTokenPageSize } from './token-list';
import { TokenTable } from './token-table';

/** What the list shows: page, size, order and the submitted search text. */
interface TokenQuery {
  page: number;
  size: number;
  order: string;
  keyword: string;
}

/** The token screen (console-screens §2): search, server-paged table, create and edit dialogs. */
export function TokenPage() {
  const t = useT();
  const { client, site } = useApp();
  // A link may name the token to show (the command palette opens `?keyword=<name>`).
  const [params] = useSearchParams();
  const linked = params.get('keyword')?.trim() ?? '';
  const [query, setQuery] = useState<TokenQuery>(() => ({
    page: 1,
    size: readTokenPageSize(),
    order: DEFAULT_TOKEN_ORDER,
    keyword: linked,
  }));
  const [search, setSearch] = useState(linked);
  const [result, setResult] = useState<Paged<Token>>({ data: [], page: 1, size: 10, total_count: 0 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Token | 'new' | undefined>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setResult(await listTokens(client, query));
    } catch (error) {
      showError(error, t);
    } finally {
      setLoading(false);
    }
  }, [client, query, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const address = serverAddress(site?.server_address);
  return (
    <div className="gw-token-page">
      <div className="gw-page-header">
        <h2>{t('tokens.title')}</h2>
        <Button intent="primary" icon="plus" text={t('tokens.create')} onClick={() => setEditing('new')} />
      </div>
      <Callout intent="primary" className="gw-replace-hint">
        <button type="button" className="gw-link-button" onClick={() => void copyText(address, address, t)}>
          {t('tokens.replace_hint', { server: address })}
        </button>
      </Callout>
      <form
        className="gw-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((current) => ({ ...current, page: 1, keyword: search.trim() }));
        }}
      >
        <InputGroup
          leftIcon="search"
          aria-label={t('tokens.search_placeholder')}
          placeholder={t('tokens.search_placeholder')}
          value={search}
          onValueChange={setSearch}
        />
        <Button
          icon="refresh"
          text={t('common.refresh')}
          onClick={() =>
            setQuery((current) =>
              current.order === DEFAULT_TOKEN_ORDER
                ? { ...current }
                : { ...current, order: DEFAULT_TOKEN_ORDER },
            )
          }
        />
      </form>
      <TokenTable
        result={result}
        loading={loading}
        order={query.order}
        onOrder={(order) => setQuery((current) => ({ ...current, order, page: 1 }))}
        onPage={(page) => setQuery((current) => ({ ...current, page }))}
        onSize={(size) => {
          writeTokenPageSize(size);
          setQuery((current) => ({ ...current, size, page: 1 }));
        }}
        page={query.page}
        size={query.size}
        onEdit={setEditing}
        onChanged={() => void load()}
      />
      {editing && (
        <TokenFormDialog
          token={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void load();
          }}
        />
      )}
    </div>
  );
}
