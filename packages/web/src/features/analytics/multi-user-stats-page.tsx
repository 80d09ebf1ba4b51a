import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import '../../kit/kit.css';
import {
  exportMultiUserStats,
  getMultiUserStats,
  multiUserDefaultRange,
  multiUserExportFileName,
  multiUserNames,
  multiUserQuery,
} from '@gw/core';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { DateInput } from '../../kit/date-input';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './analytics.css';
import { MultiUserReport } from './multi-user-report';

interface ReportQuery {
  usernames: string[];
  start_time: string;
  end_time: string;
}

/** The admin multi-user token report (console-screens §9): totals per user over a date range, CSV export. */
export function MultiUserStatsPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <MultiUserGate />
    </QueryClientProvider>
  );
}

function MultiUserGate() {
  return useScreenSections(['analytics']) ? <MultiUserBody /> : null;
}

/** Names from the comma-separated field: trimmed, blanks and repeats dropped (core's, as the TUI reads them). */
export const parseUsernames = multiUserNames;

function MultiUserBody() {
  const t = useT();
  const { client } = useApp();
  const { quotaPerUnit } = useQuotaDisplay();
  const initial = useMemo(() => multiUserDefaultRange(Date.now()), []);
  const [usernames, setUsernames] = useState('');
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [problem, setProblem] = useState<string>();
  const [asked, setAsked] = useState<ReportQuery>();
  const report = useMutation({
    mutationFn: (query: ReportQuery) => getMultiUserStats(client, query),
    onSuccess: (data, query) => {
      setAsked(query);
      showToast(
        data.users.length > 0 ? 'success' : 'info',
        data.users.length > 0
          ? t('analytics.multi.found', { count: data.users.length })
          : t('analytics.multi.none'),
      );
    },
    onError: (error) => showError(error, t),
  });
  const download = useMutation({
    mutationFn: async (query: ReportQuery) => {
      const csv = await exportMultiUserStats(client, query);
      const name = multiUserExportFileName(query);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return name;
    },
    onSuccess: (name) => showToast('success', t('analytics.multi.exported', { name })),
    onError: (error) => showError(error, t),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = multiUserQuery(usernames, { start, end }, initial.end);
    if ('errorKey' in read) return setProblem(t(read.errorKey));
    setProblem(undefined);
    report.mutate(read.query);
  };
  const data = report.data;
  return (
    <div className="gw-analytics">
      <div className="gw-page-header">
        <h2>{t('analytics.multi.title')}</h2>
      </div>
      <form className="gw-analytics-filters" onSubmit={submit} noValidate>
        {/* The hint is the field's placeholder: as helper text under the field it lifted the field
            above the dates and buttons beside it, and overlapped the next row on a phone. */}
        <FormGroup label={t('analytics.multi.usernames')} labelFor="multi-usernames">
          <InputGroup
            id="multi-usernames"
            className="gw-multi-usernames"
            placeholder={t('analytics.multi.usernames_hint')}
            title={t('analytics.multi.usernames_hint')}
            value={usernames}
            onChange={(event) => setUsernames(event.target.value)}
          />
        </FormGroup>
        <FormGroup label={t('analytics.period.start')} labelFor="multi-start">
          <DateInput id="multi-start" value={start} max={initial.end} onValueChange={setStart} />
        </FormGroup>
        <FormGroup label={t('analytics.period.end')} labelFor="multi-end">
          <DateInput id="multi-end" value={end} max={initial.end} onValueChange={setEnd} />
        </FormGroup>
        <Button type="submit" intent="primary" icon="search" loading={report.isPending}>
          {t('analytics.multi.query')}
        </Button>
        <Button
          icon="download"
          disabled={!asked || !data || data.users.length === 0}
          loading={download.isPending}
          onClick={() => asked && download.mutate(asked)}
        >
          {t('analytics.multi.export')}
        </Button>
        {problem && (
          <p className="gw-field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <div className="gw-analytics-range" />
      {data && data.users.length > 0 ? (
        <MultiUserReport users={data.users} modelUsage={data.modelUsage} quotaPerUnit={quotaPerUnit} />
      ) : (
        <Card className="gw-empty-card">{data ? t('analytics.multi.none') : t('analytics.multi.empty')}</Card>
      )}
    </div>
  );
}
