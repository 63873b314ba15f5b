import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePaging } from './OrganizationTable';

/**
 * One page of an organization's list in a table: its rows, and under the last page shown the
 * button for the next one, or `none` when the first page is empty.
 */
export function PageRows<T>(props: {
  page: { items: T[]; next_cursor: string | null } | undefined;
  paging: TablePaging;
  none: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('organizations');
  const { page } = props;
  const { cursor, isLast, columns, onMore } = props.paging;
  if (!page) return null;
  return (
    <>
      {page.items.map(props.render)}
      {isLast && page.next_cursor && (
        <TableRow>
          <TableCell colSpan={columns} align="center">
            <Button onClick={() => onMore(page.next_cursor!)}>{t('coworkers.more')}</Button>
          </TableCell>
        </TableRow>
      )}
      {isLast && cursor === undefined && page.items.length === 0 && (
        <TableRow>
          <TableCell colSpan={columns}>{props.none}</TableCell>
        </TableRow>
      )}
    </>
  );
}
