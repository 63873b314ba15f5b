import { fireEvent, screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useCursorPages } from '../use-cursor-pages';
import { OrganizationTable, type TablePaging } from './OrganizationTable';
import { PageRows } from './PageRows';

/** A list of names in pages of two, each page starting at the name its cursor gives. */
const NAMES = ['Anna', 'Jan', 'Ewa', 'Piotr', 'Ola'];

function NamePage({ names, paging }: { names: string[]; paging: TablePaging }) {
  const start = paging.cursor ? names.indexOf(paging.cursor) : 0;
  const items = names.slice(start, start + 2);
  const next = names[start + 2] ?? null;
  return (
    <PageRows
      page={{ items, next_cursor: next }}
      paging={paging}
      none="Nobody yet"
      render={(name) => (
        <TableRow key={name} data-testid="name-row">
          <TableCell>{name}</TableCell>
          <TableCell>{name.length}</TableCell>
          <TableCell />
        </TableRow>
      )}
    />
  );
}

function NameTable({ names }: { names: string[] }) {
  const pages = useCursorPages();
  return (
    <>
      <button type="button" onClick={pages.restart}>
        search again
      </button>
      <OrganizationTable
        label="Names"
        columns={[{ label: 'Name' }, { label: 'Letters', wideOnly: true, align: 'right' }]}
        pages={pages}
        renderPage={(paging) => <NamePage names={names} paging={paging} />}
      />
    </>
  );
}

const shownNames = () =>
  screen.queryAllByTestId('name-row').map((row) => row.firstElementChild?.textContent);

describe('an organization table', () => {
  it('heads its columns, the actions named for screen readers only', () => {
    renderWithProviders(<NameTable names={NAMES} />);
    const table = screen.getByRole('table', { name: 'Names' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Letters', 'Actions']);
  });

  it('adds the next page under the last one, and starts again from the first', () => {
    renderWithProviders(<NameTable names={NAMES} />);
    expect(shownNames()).toEqual(['Anna', 'Jan']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(shownNames()).toEqual(['Anna', 'Jan', 'Ewa', 'Piotr']);
    // Only the last page offers more, across the whole table.
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more.closest('td')?.getAttribute('colspan')).toBe('3');
    fireEvent.click(more);
    expect(shownNames()).toEqual(NAMES);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'search again' }));
    expect(shownNames()).toEqual(['Anna', 'Jan']);
  });

  it('says when the list is empty', () => {
    renderWithProviders(<NameTable names={[]} />);
    expect(screen.getByRole('cell', { name: 'Nobody yet' }).getAttribute('colspan')).toBe('3');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
