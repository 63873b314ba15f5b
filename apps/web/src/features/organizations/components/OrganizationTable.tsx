import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { CursorPages } from '../use-cursor-pages';
import { WIDE_ONLY } from './table-layout';

interface TableColumn {
  label: string;
  /** Hidden on a phone (table-layout.ts). */
  wideOnly?: boolean;
  align?: 'right';
}

/** Where one page of rows sits in the table. */
export interface TablePaging {
  /** Where the page starts; undefined for the first. */
  cursor: string | undefined;
  /** The page shown last, under which the next one is offered. */
  isLast: boolean;
  /** The columns, the actions' included: what a row spanning the table spans. */
  columns: number;
  onMore: (cursor: string) => void;
}

export interface OrganizationTableProps {
  label: string;
  /** The columns before the last, the rows' actions, named for screen readers only. */
  columns: TableColumn[];
  pages: CursorPages;
  /** One page of rows: a component that loads it, keyed by the table. */
  renderPage: (paging: TablePaging) => ReactNode;
}

/** One of the organization's lists (co-workers, invitations) as a table of pages. */
export function OrganizationTable({ label, columns, pages, renderPage }: OrganizationTableProps) {
  const { t } = useTranslation('organizations');
  const { cursors, more } = pages;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                sx={column.wideOnly ? WIDE_ONLY : undefined}
                align={column.align}
              >
                {column.label}
              </TableCell>
            ))}
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('coworkers.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cursors.map((cursor) => (
            <Fragment key={cursor ?? 'first'}>
              {renderPage({
                cursor,
                isLast: cursor === cursors.at(-1),
                columns: columns.length + 1,
                onMore: more,
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
