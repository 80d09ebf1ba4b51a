import { Button, ButtonGroup } from '@blueprintjs/core';
import { useT } from '../lib/use-t';
import { pageCount } from './list-order';

interface PagerProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * Every list's pager: the position ("Page 1 of 3 (52 rows)"), shown on one page too, and first /
 * previous / next / last page buttons.
 */
export function Pager({ page, size, total, onPage }: PagerProps) {
  const t = useT();
  const pages = pageCount(total, size);
  return (
    <nav className="gw-pager" aria-label={t('web.kit.pages')}>
      <span>{t('common.page_of', { page, pages, total })}</span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label={t('web.first_page')}
          disabled={page <= 1}
          onClick={() => onPage(1)}
        />
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
        <Button
          icon="double-chevron-right"
          aria-label={t('web.last_page')}
          disabled={page >= pages}
          onClick={() => onPage(pages)}
        />
      </ButtonGroup>
    </nav>
  );
}
