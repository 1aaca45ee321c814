// @vitest-environment jsdom

import { PAGE_SIZES } from '@dash/shared-core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { tableRequest, useTableState } from './useTableState';

const SORT_KEYS = ['lastName', 'email'] as const;
const FILTERS = ['search', 'status'] as const;

function tableAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ table: useTableState(SORT_KEYS, 'lastName', FILTERS), search: useLocation().search }), {
    wrapper,
  });
}

describe('table state in the URL (spec sections 2, 3 and 9)', () => {
  it('starts on page 1 with 25 rows, sorted ascending by the default key, when the URL says nothing', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100]);
    const { result } = tableAt('/');
    expect(result.current.table.state).toEqual({
      page: 1,
      perPage: 25,
      sortBy: 'lastName',
      sortDirection: 'asc',
      filter: {},
    });
  });

  it('reads a shared link back, and ignores values it does not know', () => {
    const { result } = tableAt('/?page=3&perPage=100&sortBy=email&sortDirection=desc&f.search=anna&f.other=x');
    expect(result.current.table.state).toEqual({
      page: 3,
      perPage: 100,
      sortBy: 'email',
      sortDirection: 'desc',
      filter: { search: 'anna' },
    });
    const odd = tableAt('/?page=-2&perPage=30&sortBy=password&sortDirection=up');
    expect(odd.result.current.table.state).toMatchObject({
      page: 1,
      perPage: 25,
      sortBy: 'lastName',
      sortDirection: 'asc',
    });
  });

  it('keeps both of two filter changes made before the page renders again (a debounced search and a select)', () => {
    // The search box's debounce can fire between a select's change and its render: the router's setter reads the
    // URL of the last render, so the second change used to drop the first (the select's org unit was lost).
    const { result } = tableAt('/');
    const { setFilter } = result.current.table;
    act(() => {
      setFilter('status', 'active');
      setFilter('search', 'greta');
    });
    expect(result.current.table.state.filter).toEqual({ status: 'active', search: 'greta' });
  });

  it('goes back to page 1 on a filter, sort or page-size change, but not on paging', () => {
    const { result } = tableAt('/?page=4');
    act(() => result.current.table.setFilter('status', 'active'));
    expect(result.current.table.state).toMatchObject({ page: 1, filter: { status: 'active' } });
    act(() => result.current.table.setPage(2));
    expect(result.current.search).toContain('page=2');
    act(() => result.current.table.setSort('email'));
    expect(result.current.table.state).toMatchObject({ page: 1, sortBy: 'email', sortDirection: 'asc' });
    act(() => result.current.table.setSort('email'));
    expect(result.current.table.state.sortDirection).toBe('desc');
    act(() => result.current.table.setPage(3));
    act(() => result.current.table.setPerPage(50));
    expect(result.current.table.state).toMatchObject({ page: 1, perPage: 50 });
    // Clearing a filter removes it from the URL.
    act(() => result.current.table.setFilter('status', ''));
    expect(result.current.search).not.toContain('f.status');
  });

  it("gives the table call's request: the page and sorting of the URL with the page's own filter", () => {
    const { result } = tableAt('/?page=2&perPage=50&sortBy=email&sortDirection=desc&f.search=anna');
    expect(tableRequest(result.current.table.state, { search: 'anna', archived: false })).toEqual({
      page: 2,
      perPage: 50,
      sortBy: 'email',
      sortDirection: 'desc',
      filter: { search: 'anna', archived: false },
    });
  });
});
