import type { ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize, type TableStateControls } from './useTableState';

export interface Column<Row> {
  name: string;
  label: string;
  sortable?: boolean;
  width?: string;
  maxWidth?: string;
  alignment?: 'center' | 'right';
  /** Cell content; `null`, `undefined` and '' show a dash. */
  value: (row: Row) => ReactNode;
}

export interface FilterConfig {
  name: string;
  type: 'search' | 'dropdown';
  label: string;
  options?: { label: string; value: string }[];
}

export interface DataTableProps<Row, SortKey extends string> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  total: number | undefined;
  loading: boolean;
  table: TableStateControls<SortKey>;
  rowKey: (row: Row) => string;
  filters?: FilterConfig[];
  emptyText?: string;
  /** Filter typing waits this long before the request (spec section 9: 500 ms). */
  filterDebounceMs?: number;
}

const FALLBACK = '–';

function cell(content: ReactNode): ReactNode {
  return content === null || content === undefined || content === '' ? FALLBACK : content;
}

function SearchFilter({
  config,
  value,
  onChange,
  debounceMs,
}: {
  config: FilterConfig;
  value: string;
  onChange: (value: string) => void;
  debounceMs: number;
}) {
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange, debounceMs]);
  return (
    <div className="ui-field ui-field--inline">
      <label htmlFor={id}>{config.label}</label>
      <input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/** Server-side table: the browser holds one page; sorting, filtering and paging are requests. */
export function DataTable<Row, SortKey extends string>({
  caption,
  columns,
  rows,
  total,
  loading,
  table,
  rowKey,
  filters = [],
  emptyText,
  filterDebounceMs = 500,
}: DataTableProps<Row, SortKey>) {
  const { t } = useTranslation('common');
  const { state } = table;
  const pages = Math.max(1, Math.ceil((total ?? 0) / state.perPage));
  const from = total ? (state.page - 1) * state.perPage + 1 : 0;
  const to = Math.min(state.page * state.perPage, total ?? 0);
  const perPageId = useId();

  return (
    <div className="ui-table">
      {filters.length > 0 && (
        <div className="ui-table__filters">
          {filters.map((filter) =>
            filter.type === 'search' ? (
              <SearchFilter
                key={filter.name}
                config={filter}
                value={state.filter[filter.name] ?? ''}
                onChange={(value) => table.setFilter(filter.name, value)}
                debounceMs={filterDebounceMs}
              />
            ) : (
              <div className="ui-field ui-field--inline" key={filter.name}>
                <label htmlFor={`${perPageId}-${filter.name}`}>{filter.label}</label>
                <select
                  id={`${perPageId}-${filter.name}`}
                  value={state.filter[filter.name] ?? ''}
                  onChange={(event) => table.setFilter(filter.name, event.target.value)}
                >
                  {filter.options?.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            ),
          )}
        </div>
      )}
      <div className="ui-table__scroll">
        <table aria-busy={loading}>
          <caption className="ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = state.sortBy === column.name;
                return (
                  <th
                    key={column.name}
                    scope="col"
                    style={{ width: column.width, maxWidth: column.maxWidth, textAlign: column.alignment }}
                    aria-sort={sorted ? (state.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="ui-table__sort"
                        onClick={() => table.setSort(column.name as SortKey)}
                        data-testid={`sort-${column.name}`}
                      >
                        {column.label}
                        <span aria-hidden="true" className="ui-table__sort-icon">
                          {sorted ? (state.sortDirection === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows && rows.length > 0
              ? rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <td
                        key={column.name}
                        style={{ maxWidth: column.maxWidth, textAlign: column.alignment }}
                        data-column={column.name}
                      >
                        {cell(column.value(row))}
                      </td>
                    ))}
                  </tr>
                ))
              : !loading && (
                  <tr>
                    <td colSpan={columns.length} className="ui-table__empty">
                      {emptyText ?? t('table.empty')}
                    </td>
                  </tr>
                )}
            {loading && !rows && (
              <tr>
                <td colSpan={columns.length} className="ui-table__empty">
                  {t('table.loading')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="ui-table__footer">
        <div className="ui-field ui-field--inline">
          <label htmlFor={perPageId}>{t('table.perPage')}</label>
          <select
            id={perPageId}
            value={state.perPage}
            onChange={(event) => table.setPerPage(Number(event.target.value) as PageSize)}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <span className="ui-table__range" data-testid="table-range">
          {t('table.range', { from, to, total: total ?? 0 })}
        </span>
        <nav className="ui-table__pager" aria-label={t('table.pageOf', { page: state.page, pages })}>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={state.page <= 1}
            onClick={() => table.setPage(state.page - 1)}
            aria-label={t('table.previous')}
          >
            ‹
          </button>
          <span data-testid="table-page">{t('table.pageOf', { page: state.page, pages })}</span>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={state.page >= pages}
            onClick={() => table.setPage(state.page + 1)}
            aria-label={t('table.next')}
          >
            ›
          </button>
        </nav>
      </div>
    </div>
  );
}
