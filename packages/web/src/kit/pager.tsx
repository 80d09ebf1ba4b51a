import { Button, ButtonGroup } from '@blueprintjs/core';
import { useT } from '../lib/use-t';
import { pageCount, pageNumbers } from './list-order';

interface PagerProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /**
   * Page numbers and "Total: n" (the catalogue screens, console-screens §17.1), drawn only when there
   * is more than one page; otherwise the page position with first / previous / next / last.
   */
  numbered?: boolean;
}

/** A list's pager: first / previous / next / last page buttons with the position, or page numbers. */
export function Pager({ page, size, total, onPage, numbered }: PagerProps) {
  const t = useT();
  const pages = pageCount(total, size);
  if (numbered && pages <= 1) return null;
  const first = (
    <Button
      icon="double-chevron-left"
      aria-label={t('web.first_page')}
      disabled={page <= 1}
      onClick={() => onPage(1)}
    />
  );
  const last = (
    <Button
      icon="double-chevron-right"
      aria-label={t('web.last_page')}
      disabled={page >= pages}
      onClick={() => onPage(pages)}
    />
  );
  if (numbered) {
    return (
      <nav className="gw-pager" aria-label={t('web.kit.pages')}>
        <span>{t('web.kit.total', { count: total })}</span>
        <ButtonGroup>
          {first}
          {pageNumbers(page, pages).map((number, index) =>
            number === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
              <Button key={`gap-${index}`} disabled text="…" />
            ) : (
              <Button
                key={number}
                text={number}
                active={number === page}
                aria-current={number === page ? 'page' : undefined}
                onClick={() => onPage(number)}
              />
            ),
          )}
          {last}
        </ButtonGroup>
      </nav>
    );
  }
  return (
    <div className="gw-pager">
      <span>{t('common.page_of', { page, pages, total })}</span>
      <ButtonGroup>
        {first}
        <Button
          icon="chevron-left"
          aria-label={t('web.previous_page')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <Button
          icon="chevron-right"
          aria-label={t('web.next_page')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        />
        {last}
      </ButtonGroup>
    </div>
  );
}
