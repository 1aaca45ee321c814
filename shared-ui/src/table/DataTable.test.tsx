// @vitest-environment jsdom
import type { MemberState } from '@dash/shared-core';
import { i18n } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { initTestI18n } from '../test/i18n';
import { type BulkAction, type Column, DataTable, type RowAction } from './DataTable';
import { type TableStateControls, useTableState } from './useTableState';

interface Row {
  id: string;
  name: string;
  size: number | null;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Anna', size: 1536 },
  { id: 'b', name: 'Ben', size: null },
  { id: 'c', name: 'Cleo', size: 10 },
];

function signIn(permissions: string[]) {
  useSessionStore.getState().signedIn({
    member: { uuid: 'm', email: 'm@example.com', roleIdentifier: 'admin', permissions },
    featureFlags: { elearnings: true, riskAssessments: false, templates: true, calendar: false },
  } as unknown as MemberState);
}

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function Table(props: {
  rows?: Row[];
  rowActions?: RowAction<Row>[];
  bulkActions?: BulkAction<Row>[];
  failed?: boolean;
  onRetry?: () => void;
  /** No answer yet, or the call failed: the list knows no total. */
  totalUnknown?: boolean;
  /** The list's total when it holds more than the page. */
  total?: number;
  loading?: boolean;
}) {
  const table = useTableState(['name', 'size'] as const, 'name', ['search', 'quick']);
  const columns: Column<Row>[] = [
    { name: 'name', label: 'Name', sortable: true, width: '10rem', value: (row) => row.name },
    {
      name: 'size',
      label: 'Size',
      alignment: 'right',
      maxWidth: '6rem',
      value: (row) => row.size,
      formatter: (value) => `${value} B`,
    },
  ];
  return (
    <>
      <DataTable
        caption="Files"
        columns={columns}
        rows={props.rows ?? ROWS}
        total={props.totalUnknown ? undefined : (props.total ?? (props.rows ?? ROWS).length)}
        loading={props.loading ?? false}
        table={table}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowActions={props.rowActions}
        bulkActions={props.bulkActions}
        emptyText="Nothing here."
        failed={props.failed}
        onRetry={props.onRetry}
        filters={[
          { name: 'search', type: 'search', label: 'Search' },
          { name: 'quick', type: 'search', label: 'Quick', typeahead: true },
        ]}
      />
      <Location />
    </>
  );
}

function renderTable(props: Parameters<typeof Table>[0] = {}, url = '/') {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Table {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useSessionStore.getState().signedOut();
});

describe('DataTable', () => {
  it('shows a dash for empty cells, formats values and applies width, maxWidth and alignment', () => {
    renderTable();
    const cells = screen.getAllByRole('row')[1]?.querySelectorAll('td');
    expect(cells?.[1]?.textContent).toBe('1536 B');
    expect(screen.getAllByRole('row')[2]?.querySelectorAll('td')[1]?.textContent).toBe('–');
    expect(screen.getByRole('columnheader', { name: /Name/ }).style.width).toBe('10rem');
    expect(cells?.[1]?.style.textAlign).toBe('right');
    expect(cells?.[1]?.style.maxWidth).toBe('6rem');
  });

  it('names each cell by its column (the phone cards show it) and titles values a maxWidth may cut off', () => {
    renderTable();
    const cells = screen.getAllByRole('row')[1]?.querySelectorAll('td');
    expect(cells?.[0]?.dataset.label).toBe('Name');
    expect(cells?.[1]?.dataset.label).toBe('Size');
    expect(cells?.[1]?.title).toBe('1536 B');
    // Without a maxWidth nothing is cut off: no title repeating the value.
    expect(cells?.[0]?.hasAttribute('title')).toBe(false);
    // The header keeps its whole text: the maxWidth is the values' limit only.
    expect(screen.getByRole('columnheader', { name: /Size/ }).style.maxWidth).toBe('');
  });

  it('shows the empty text', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nothing here.')).toBeTruthy();
  });

  it('says the list could not be loaded, with a retry, instead of "nothing found" when its call failed', () => {
    const onRetry = vi.fn();
    renderTable({ rows: [], failed: true, onRetry, totalUnknown: true });
    expect(screen.queryByText('Nothing here.')).toBeNull();
    // No "0-0 of 0" beside it: the list does not know how many there are.
    expect(screen.getByTestId('table-range').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('sorts with a keyboard-reachable header button, in the URL, back to page 1', () => {
    renderTable({}, '/?page=2');
    const sort = screen.getByRole('button', { name: /Name/ });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(sort);
    expect(screen.getByTestId('location').textContent).toContain('sortDirection=desc');
    expect(screen.getByTestId('location').textContent).not.toContain('page=2');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('waits 500 ms for filters and 250 ms for typeahead search', () => {
    vi.useFakeTimers();
    renderTable();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Quick'), { target: { value: 'cl' } });
    act(() => vi.advanceTimersByTime(260));
    expect(screen.getByTestId('location').textContent).toContain('f.quick=cl');
    expect(screen.getByTestId('location').textContent).not.toContain('f.search');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByTestId('location').textContent).toContain('f.search=ann');
  });

  it('keeps what was typed when the echo of an earlier search arrives after it (a slow URL update)', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    // A table whose filter state follows a change only 100 ms later, as the URL does on a busy page.
    function SlowTable() {
      const [search, setSearch] = useState('');
      const table: TableStateControls<'name'> = {
        state: { page: 1, perPage: 25, sortBy: 'name', sortDirection: 'asc', filter: search ? { search } : {} },
        setPage: () => undefined,
        setPerPage: () => undefined,
        setSort: () => undefined,
        setFilter: (_name, value) => {
          sent.push(value);
          setTimeout(() => setSearch(value), 100);
        },
      };
      return (
        <DataTable
          caption="Files"
          columns={[{ name: 'name', label: 'Name', value: (row: Row) => row.name }]}
          rows={ROWS}
          total={ROWS.length}
          loading={false}
          table={table}
          rowKey={(row) => row.id}
          emptyText="Nothing here."
          filters={[{ name: 'search', type: 'search', label: 'Search', typeahead: true }]}
        />
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <SlowTable />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const field = screen.getByLabelText('Search') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'acme.example' } });
    act(() => vi.advanceTimersByTime(250));
    expect(sent).toEqual(['acme.example']);
    // The next search is typed before the first one's echo arrives.
    fireEvent.change(field, { target: { value: 'Übelacker' } });
    act(() => vi.advanceTimersByTime(100));
    expect(field.value).toBe('Übelacker');
    act(() => vi.advanceTimersByTime(250));
    expect(sent).toEqual(['acme.example', 'Übelacker']);
    act(() => vi.advanceTimersByTime(100));
    expect(field.value).toBe('Übelacker');
  });

  it('sends no typeahead search before 250 ms of quiet, and none before 500 ms for filters', () => {
    vi.useFakeTimers();
    renderTable();
    const location = () => screen.getByTestId('location').textContent ?? '';
    fireEvent.change(screen.getByLabelText('Quick'), { target: { value: 'c' } });
    act(() => vi.advanceTimersByTime(200));
    // Typing again restarts the wait: 249 ms after the last key nothing has been sent.
    fireEvent.change(screen.getByLabelText('Quick'), { target: { value: 'cl' } });
    act(() => vi.advanceTimersByTime(249));
    expect(location()).not.toContain('f.quick');
    act(() => vi.advanceTimersByTime(1));
    expect(location()).toContain('f.quick=cl');
    expect(location()).not.toContain('f.quick=c&');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ann' } });
    act(() => vi.advanceTimersByTime(499));
    expect(location()).not.toContain('f.search');
    act(() => vi.advanceTimersByTime(1));
    expect(location()).toContain('f.search=ann');
  });

  it('selects rows and the whole page, and runs bulk actions with the selected rows', () => {
    signIn(['member-list.get-list']);
    const exported = vi.fn();
    renderTable({
      bulkActions: [
        { id: 'export', label: 'Export', permissions: ['member-list.get-list'], onAction: exported },
        { id: 'delete', label: 'Delete', permissions: ['archive-member.list'], onAction: vi.fn() },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const exportButton = screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Ben' }));
    expect(screen.getByTestId('table-selected').textContent).toBe('1 selected');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(selectAll.indeterminate).toBe(true);
    fireEvent.click(exportButton);
    expect(exported).toHaveBeenLastCalledWith([ROWS[1]]);
    fireEvent.click(selectAll);
    fireEvent.click(exportButton);
    expect(exported).toHaveBeenLastCalledWith(ROWS);
    fireEvent.click(selectAll);
    expect(screen.getByTestId('table-selected').textContent).toBe('0 selected');
  });

  it('shows only the row actions the member may use', () => {
    signIn(['member-list.memberdetails']);
    const open = vi.fn();
    renderTable({
      rowActions: [
        { id: 'open', label: 'Open', permissions: ['member-list.memberdetails'], onAction: open },
        { id: 'archive', label: 'Archive', permissions: ['archive-member.list'], onAction: vi.fn() },
        { id: 'rename', label: 'Rename', onAction: vi.fn(), hidden: (row) => row.id === 'a' },
      ],
    });
    const first = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(first).queryByRole('button', { name: /Archive/ })).toBeNull();
    expect(within(first).queryByRole('button', { name: /Rename/ })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Open: Anna' }));
    expect(open).toHaveBeenCalledWith(ROWS[0]);
    expect(screen.getAllByRole('button', { name: /Rename/ })).toHaveLength(2);
  });

  describe('all rows matching the filter', () => {
    beforeEach(() => signIn([]));
    function bulk(onAllMatching = vi.fn(), onAction = vi.fn(), exported = vi.fn()): BulkAction<Row>[] {
      return [
        { id: 'archive', label: 'Archive', onAction, onAllMatching },
        { id: 'export', label: 'Export', onAction: exported },
      ];
    }
    const bar = () => screen.getByTestId('table-all-matching');
    const selectPage = () => fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));

    it('offers all N matching once the page is selected, acts on the filter, and goes back to only this page', () => {
      const onAllMatching = vi.fn();
      const onAction = vi.fn();
      const exported = vi.fn();
      renderTable({ total: 130, bulkActions: bulk(onAllMatching, onAction, exported) }, '/?f.search=an');
      // A live region from the start, so that what appears in it is announced; empty until the page is selected.
      expect(bar().getAttribute('aria-live')).toBe('polite');
      expect(bar().textContent).toBe('');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Ben' }));
      expect(bar().textContent).toBe('');

      selectPage();
      expect(bar().textContent).toContain('All 3 entries on this page are selected.');
      const offer = within(bar()).getByRole('button', { name: 'Select all 130 matching the filter' });
      // Keyboard: a real button, and the focus stays on it when it turns into "only this page".
      offer.focus();
      fireEvent.click(offer);
      expect(bar().textContent).toContain('All 130 entries matching the filter are selected.');
      expect(document.activeElement).toBe(offer);
      expect(offer.textContent).toBe('Select only this page');
      expect(screen.getByTestId('table-selected').textContent).toBe('130 selected');
      // The export needs the rows in the browser: off while the selection is the filter.
      expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
      expect(onAllMatching).toHaveBeenCalledWith(130);
      expect(onAction).not.toHaveBeenCalled();

      fireEvent.click(offer);
      expect(screen.getByTestId('table-selected').textContent).toBe('3 selected');
      expect(bar().textContent).toContain('All 3 entries on this page are selected.');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      expect(exported).toHaveBeenCalledWith(ROWS);
      fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
      expect(onAction).toHaveBeenCalledWith(ROWS);
      expect(onAllMatching).toHaveBeenCalledTimes(1);
    });

    it('leaves "all matching" when a row is unticked or the filter changes', () => {
      vi.useFakeTimers();
      const onAllMatching = vi.fn();
      renderTable({ total: 130, bulkActions: bulk(onAllMatching) });
      selectPage();
      // Without a filter the offer names all entries.
      fireEvent.click(within(bar()).getByRole('button', { name: 'Select all 130 entries' }));
      expect(bar().textContent).toContain('All 130 entries are selected.');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Ben' }));
      expect(screen.getByTestId('table-selected').textContent).toBe('2 selected');
      expect(bar().textContent).toBe('');

      selectPage();
      fireEvent.click(within(bar()).getByRole('button', { name: 'Select all 130 entries' }));
      fireEvent.change(screen.getByLabelText('Quick'), { target: { value: 'cl' } });
      act(() => vi.advanceTimersByTime(300));
      expect(screen.getByTestId('table-selected').textContent).toBe('0 selected');
      expect(bar().textContent).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
      expect(onAllMatching).not.toHaveBeenCalled();
    });

    it('offers nothing when the page is the whole list, while loading, or without an action for it', () => {
      renderTable({ bulkActions: bulk() });
      selectPage();
      expect(bar().textContent).toBe('');
      cleanup();
      renderTable({ total: 130, loading: true, bulkActions: bulk() });
      selectPage();
      expect(bar().textContent).toBe('');
      cleanup();
      renderTable({ total: 130, bulkActions: [{ id: 'export', label: 'Export', onAction: vi.fn() }] });
      selectPage();
      expect(screen.queryByTestId('table-all-matching')).toBeNull();
      expect(screen.queryByRole('button', { name: /Select all 130/ })).toBeNull();
    });

    it('asks for a narrower filter past the bulk maximum instead of offering it', () => {
      renderTable({ total: 2400, bulkActions: bulk() }, '/?f.search=a');
      selectPage();
      expect(bar().textContent).toBe(
        'All 3 entries on this page are selected. At most 1,000 entries at once: narrow the filter to cover all 2,400.',
      );
      expect(within(bar()).queryByRole('button')).toBeNull();
    });

    it('speaks German', async () => {
      await act(() => i18n.changeLanguage('de_DE'));
      try {
        renderTable({ total: 130, bulkActions: bulk() }, '/?f.search=an');
        fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }));
        expect(bar().textContent).toContain('Alle 3 Einträge dieser Seite sind ausgewählt.');
        fireEvent.click(
          within(bar()).getByRole('button', { name: 'Alle 130 Einträge auswählen, die dem Filter entsprechen' }),
        );
        expect(bar().textContent).toContain('Alle 130 Einträge, die dem Filter entsprechen, sind ausgewählt.');
        expect(within(bar()).getByRole('button').textContent).toBe('Nur diese Seite auswählen');
      } finally {
        await act(() => i18n.changeLanguage('en_GB'));
      }
    });
  });
});
