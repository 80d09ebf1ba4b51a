// The log screen (console-screens §3) as core describes it (LOG_SCREEN), with what the kit cannot know:
// the stat line of the current filter, which follows the list's query and its live refresh, and a
// log's detail lines (id, stream, source IP, exact points) instead of the columns alone.
import {
  type ColumnContext,
  formatTimestamp,
  isAdmin,
  LOG_SCREEN,
  type Log,
  loadLogStat,
  logDetailLines,
  logStatText,
} from '@gw/core';
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { listOnly, ResourceScreen } from '../../kit/resource-screen.js';
import type { ScreenExtras, SummaryProps } from '../../kit/screen-extras.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';

/** "Quota used · RPM · TPM" of the filter on screen, read again each time the list reloads. */
function LogStatLine({ query, updatedAt }: SummaryProps) {
  const { t, glyphs } = useTuiEnv();
  const { client, user, quota } = useSession();
  const [text, setText] = useState<string>();
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its JSON; updatedAt re-reads with the list
  useEffect(() => {
    let live = true;
    const ctx: ColumnContext = { t, quota, time: formatTimestamp };
    loadLogStat(client, query, isAdmin(user.role)).then(
      (stat) => {
        if (live) setText(logStatText(stat, ctx));
      },
      // The stat is a help to the list, not the list: a failed read leaves the line as it was.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, queryKey, updatedAt, user.role, t, quota]);
  return (
    <Text color="cyan" wrap="truncate-end">
      {glyphs.text(text ?? t('common.loading'))}
    </Text>
  );
}

/** Logs ("My logs" below admin): filters (type, token, model, time range; channel, user, IP for admins), stat line, detail. */
export function LogScreen({ saveDir }: ItemScreenProps) {
  const { user } = useSession();
  const admin = isAdmin(user.role);
  const extras: ScreenExtras<Log> = {
    summary: LogStatLine,
    detailLines: (log, ctx) => logDetailLines(log, ctx, admin),
    // The metadata as the web's detail dialog shows it: indented JSON under the fields.
    detailBlock: (log) =>
      log.metadata
        ? { titleKey: 'logs.detail.metadata', text: JSON.stringify(log.metadata, null, 2) }
        : undefined,
  };
  // A user below admin reads only their own logs: the title says so, as core's i18n names it.
  const screen = admin ? LOG_SCREEN : { ...LOG_SCREEN, titleKey: 'logs.self_title' };
  return <ResourceScreen screens={[listOnly(screen)]} saveDir={saveDir} extras={extras} />;
}
