import './texts';
import {
  BULK_MAX,
  type FeatureFlag,
  formatNumber,
  type Language,
  PAGE_SIZES,
  type PageSize,
  type Permission,
} from '@dash/shared-core';
import { useCan } from '@dash/shared-ui';
import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableStateControls } from './useTableState';

export interface Column<Row> {
  name: string;
  label: string;
  sortable?: boolean;
  width?: string;
  maxWidth?: string;
  alignment?: 'center' | 'right';
  /** Cell content; `null`, `undefined` and '' show a dash. */
  value: (row: Row) => ReactNode;
  /** Turns the value into what is shown (e.g. a date or file size formatter); empty results show a dash too. */
  formatter?: (value: ReactNode, row: Row) => ReactNode;
}

export interface FilterConfig {
  name: string;
  type: 'search' | 'dropdown';
  label: string;
  options?: { label: string; value: string }[];
  /** Search as you type: waits the typeahead debounce (250 ms) instead of the filter debounce (500 ms). */
  typeahead?: boolean;
}

interface ActionBase {
  id: string;
  label: string;
  /** Any one of them suffices; without permissions the action is always shown. */
  permissions?: readonly Permission[];
  featureFlag?: FeatureFlag;
}

export interface RowAction<Row> extends ActionBase {
  onAction: (row: Row) => void;
  /** Leaves the action out for a single row (e.g. "archive" on an archived member). */
  hidden?: (row: Row) => boolean;
}

export interface BulkAction<Row> extends ActionBase {
  /** Called with the selected rows of the current page. */
  onAction: (rows: Row[]) => void;
  /**
   * Acts on every row that matches the table's filter, on the server (the page sends the list call's filter, not
   * uuids); `total` is the list's total the member saw. One such action makes a fully selected page offer "all N
   * matching the filter"; while that is chosen, actions without it (they need the rows in the browser) are off.
   */
  onAllMatching?: (total: number) => void;
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
  /**
   * The list call failed and there is nothing to show: an error line with a retry instead of the empty text, which
   * would claim there is nothing (the failure's own toast comes from the API error handler).
   */
  failed?: boolean;
  onRetry?: () => void;
  /** Filter typing waits this long before the request (spec section 9: 500 ms). */
  filterDebounceMs?: number;
  /** Typeahead search filters wait this long (spec section 9: 250 ms). */
  typeaheadDebounceMs?: number;
  /** Shows a checkbox per row and a select-all of the page (also on when bulk actions are visible). */
  selectable?: boolean;
  rowActions?: RowAction<Row>[];
  bulkActions?: BulkAction<Row>[];
  /** Text naming a row for screen readers in the selection and action labels (default: the row key). */
  rowLabel?: (row: Row) => string;
  /**
   * Called whenever the selection changes: keys of the selected rows of the page, and whether every row matching the
   * filter is chosen.
   */
  onSelectionChange?: (keys: string[], allMatching: boolean) => void;
  /** The most rows one bulk call acts on: a larger total is not offered as "all matching" (narrow the filter). */
  allMatchingMax?: number;
}

const FALLBACK = '–';

function isEmpty(content: ReactNode): boolean {
  return content === null || content === undefined || content === '' || content === false;
}

function cell(content: ReactNode): ReactNode {
  return isEmpty(content) ? FALLBACK : content;
}

function cellContent<Row>(column: Column<Row>, row: Row): ReactNode {
  const value = column.value(row);
  if (!column.formatter || isEmpty(value)) return cell(value);
  return cell(column.formatter(value, row));
}

/** A column with a maximum width cuts long text off with an ellipsis: the whole text stays readable on hover. */
function truncatedTitle<Row>(column: Column<Row>, row: Row): string | undefined {
  const value = column.value(row);
  const shown = column.formatter && !isEmpty(value) ? column.formatter(value, row) : value;
  return typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
}

function SelectAll({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation('ui');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="ui-table__check"
      checked={checked}
      onChange={onChange}
      aria-label={t('table.selectAll')}
      data-testid="select-all"
    />
  );
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
  // The latest callback, so that a re-render (e.g. another filter changing the URL) does not restart the wait.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What this field sent last. Its echo (the URL changed by that send, rendered later) must not replace what the
  // user typed since: the member list kept an older search when the echo arrived after the next keystrokes. Any
  // other new value (back, a link, a reset) replaces the text.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (value !== sent.current) setText(value);
  }, [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onChangeRef.current(text);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, debounceMs]);
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
  failed = false,
  onRetry,
  filterDebounceMs = 500,
  typeaheadDebounceMs = 250,
  selectable = false,
  rowActions = [],
  bulkActions = [],
  rowLabel,
  onSelectionChange,
  allMatchingMax = BULK_MAX,
}: DataTableProps<Row, SortKey>) {
  const { t } = useTranslation('common');
  const { t: tu, i18n } = useTranslation('ui');
  const can = useCan();
  const { state } = table;
  const visibleRowActions = rowActions.filter((action) => can(action.permissions, action.featureFlag));
  const visibleBulkActions = bulkActions.filter((action) => can(action.permissions, action.featureFlag));
  const selecting = selectable || visibleBulkActions.length > 0;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // "All N matching the filter" (the Gmail pattern): the selection is then the list's filter, not the page's keys.
  const [allMatching, setAllMatching] = useState(false);
  const pageKeys = useMemo(() => (rows ?? []).map(rowKey), [rows, rowKey]);
  // The selection belongs to the page and filter shown: a new page, sort, filter, page size or total clears it.
  const pageSignature = pageKeys.join('|');
  const filterSignature = JSON.stringify(state.filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signatures are the trigger
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [pageSignature, filterSignature, total]);
  const selectedRows = (rows ?? []).filter((row) => selected.has(rowKey(row)));
  const allSelected = pageKeys.length > 0 && selectedRows.length === pageKeys.length;
  const actsOnAllMatching = visibleBulkActions.some((action) => action.onAllMatching);
  const matchingAll = allMatching && actsOnAllMatching && allSelected && total !== undefined;
  const changeSelection = (next: ReadonlySet<string>, nextAllMatching = false) => {
    setSelected(next);
    setAllMatching(nextAllMatching);
    onSelectionChange?.([...next], nextAllMatching);
  };
  const toggleRow = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    changeSelection(next);
  };
  const toggleAll = () => changeSelection(allSelected ? new Set() : new Set(pageKeys));
  const formattedTotal = formatNumber(total ?? 0, i18n.language as Language);
  const filtered = Object.values(state.filter).some(Boolean);
  const allMatchingBar = (): {
    text: string;
    button?: { label: string; testId: string; onClick: () => void };
  } | null => {
    if (!actsOnAllMatching || total === undefined) return null;
    if (matchingAll) {
      return {
        text: tu(filtered ? 'table.allMatchingSelected' : 'table.allEntriesSelected', { total: formattedTotal }),
        button: {
          label: tu('table.selectPageOnly'),
          testId: 'select-page-only',
          onClick: () => changeSelection(selected, false),
        },
      };
    }
    // Offered once the whole page is chosen and the list holds more; not while a new filter's answer is on its way.
    if (!allSelected || total <= pageKeys.length || loading) return null;
    const text = tu('table.pageSelected', { count: pageKeys.length });
    if (total > allMatchingMax) {
      const max = formatNumber(allMatchingMax, i18n.language as Language);
      return { text: `${text} ${tu('table.allMatchingTooMany', { max, total: formattedTotal })}` };
    }
    return {
      text,
      button: {
        label: tu(filtered ? 'table.selectAllMatching' : 'table.selectAllEntries', { total: formattedTotal }),
        testId: 'select-all-matching',
        onClick: () => changeSelection(selected, true),
      },
    };
  };
  const bar = allMatchingBar();
  const labelOf = (row: Row) => (rowLabel ? rowLabel(row) : rowKey(row));
  const columnCount = columns.length + (visibleRowActions.length > 0 ? 1 : 0);
  const pages = Math.max(1, Math.ceil((total ?? 0) / state.perPage));
  const from = total ? (state.page - 1) * state.perPage + 1 : 0;
  const to = Math.min(state.page * state.perPage, total ?? 0);
  const perPageId = useId();
  const headerContent = (column: Column<Row>) => {
    if (!column.sortable) return column.label;
    const sorted = state.sortBy === column.name;
    return (
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
    );
  };

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
                debounceMs={filter.typeahead ? typeaheadDebounceMs : filterDebounceMs}
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
      {visibleBulkActions.length > 0 && (
        <div className="ui-table__bulk" role="toolbar" aria-label={tu('table.bulkActions')}>
          <span data-testid="table-selected" aria-live="polite">
            {tu('table.selected', { count: matchingAll ? total : selectedRows.length })}
          </span>
          {visibleBulkActions.map((action) => (
            <button
              key={action.id}
              type="button"
              className="ui-button ui-button--ghost"
              disabled={matchingAll ? !action.onAllMatching : selectedRows.length === 0}
              onClick={() =>
                matchingAll && total !== undefined ? action.onAllMatching?.(total) : action.onAction(selectedRows)
              }
              data-testid={`bulk-${action.id}`}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {actsOnAllMatching && (
        // Always there while the table can offer it, so that screen readers announce what appears in it. The button
        // stays the same element from "select all N" to "only this page": the keyboard focus stays on it.
        <div className="ui-table__all-matching" aria-live="polite" data-testid="table-all-matching">
          {bar && (
            <>
              <span>{bar.text}</span>
              {bar.button && (
                <button
                  type="button"
                  className="ui-button ui-button--ghost ui-button--small"
                  onClick={bar.button.onClick}
                  data-testid={bar.button.testId}
                >
                  {bar.button.label}
                </button>
              )}
            </>
          )}
        </div>
      )}
      <div className="ui-table__scroll">
        <table aria-busy={loading}>
          <caption className="ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => {
                const sorted = state.sortBy === column.name;
                return (
                  <th
                    key={column.name}
                    scope="col"
                    // Without the column's maxWidth: that cuts long values off, and must not cut off the header.
                    style={{ width: column.width, textAlign: column.alignment }}
                    aria-sort={sorted ? (state.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {selecting && index === 0 ? (
                      // One line with the first header, now that headers wrap between words.
                      <span className="ui-table__first">
                        <SelectAll
                          checked={allSelected}
                          indeterminate={selectedRows.length > 0 && !allSelected}
                          onChange={toggleAll}
                        />
                        {headerContent(column)}
                      </span>
                    ) : (
                      headerContent(column)
                    )}
                  </th>
                );
              })}
              {visibleRowActions.length > 0 && (
                <th scope="col" className="ui-table__actions">
                  {tu('table.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows && rows.length > 0
              ? rows.map((row) => {
                  const key = rowKey(row);
                  const isSelected = selected.has(key);
                  return (
                    <tr key={key} aria-selected={selecting ? isSelected : undefined}>
                      {columns.map((column, index) => (
                        <td
                          key={column.name}
                          style={{ maxWidth: column.maxWidth, textAlign: column.alignment }}
                          data-column={column.name}
                          data-label={column.label}
                          title={column.maxWidth ? truncatedTitle(column, row) : undefined}
                        >
                          {selecting && index === 0 ? (
                            <span className="ui-table__first">
                              <input
                                type="checkbox"
                                className="ui-table__check"
                                checked={isSelected}
                                onChange={() => toggleRow(key)}
                                aria-label={tu('table.selectRow', { row: labelOf(row) })}
                              />
                              <span>{cellContent(column, row)}</span>
                            </span>
                          ) : (
                            cellContent(column, row)
                          )}
                        </td>
                      ))}
                      {visibleRowActions.length > 0 && (
                        <td className="ui-table__actions" data-label={tu('table.actions')}>
                          <div className="ui-table__action-list">
                            {visibleRowActions
                              .filter((action) => !action.hidden?.(row))
                              .map((action) => (
                                <button
                                  key={action.id}
                                  type="button"
                                  className="ui-button ui-button--ghost ui-button--small"
                                  onClick={() => action.onAction(row)}
                                  aria-label={`${action.label}: ${labelOf(row)}`}
                                  data-testid={`row-${action.id}`}
                                >
                                  {action.label}
                                </button>
                              ))}
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })
              : !loading &&
                (failed ? (
                  <tr>
                    <td colSpan={columnCount} className="ui-table__empty" role="alert">
                      {t('table.failed')}{' '}
                      {onRetry && (
                        <button type="button" className="ui-button ui-button--ghost ui-button--small" onClick={onRetry}>
                          {t('table.retry')}
                        </button>
                      )}
                    </td>
                  </tr>
                ) : (
                  <tr>
                    <td colSpan={columnCount} className="ui-table__empty">
                      {emptyText ?? t('table.empty')}
                    </td>
                  </tr>
                ))}
            {loading && !rows && (
              <tr>
                <td colSpan={columnCount} className="ui-table__empty">
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
          {/* Without a total (not answered yet, or failed) there is no range to claim: "0–0 of 0" said "empty". */}
          {total !== undefined && t('table.range', { from, to, total })}
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
