import { type Language, localeOf } from '@dash/shared-core';
import { Spinner } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PER_PAGE, useMemberHistory } from '../api/getMemberHistory';
import { actorText, describeEntry } from './historyText';
import './memberForm.css';

/** The member's audit trail (who, when, what, before → after), newest first: what auditors ask for. */
export function MemberHistory({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('company');
  const [page, setPage] = useState(1);
  const query = useMemberHistory(uuid, page);
  const locale = localeOf(i18n.language as Language);
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  if (query.isPending) return <Spinner />;
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return (
    <section data-testid="member-history">
      {items.length === 0 ? (
        <p className="ui-card ui-empty">{t('members.history.empty')}</p>
      ) : (
        <div className="ui-table ui-table__scroll">
          <table className="company-history">
            <caption className="ui-visually-hidden">{t('members.tabs.history')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.history.when')}</th>
                <th scope="col">{t('members.history.who')}</th>
                <th scope="col">{t('members.history.what')}</th>
                <th scope="col">{t('members.history.change')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => {
                const text = describeEntry(entry, t, locale);
                return (
                  <tr key={entry.id}>
                    <td className="company-history__when">{dateFormat.format(new Date(entry.createdAt))}</td>
                    <td className="company-history__who">{actorText(entry, t)}</td>
                    <td>
                      {text.summary ?? t(`members.history.actions.${entry.action}`, { defaultValue: entry.action })}
                    </td>
                    <td>
                      {text.lines.length === 0 ? (
                        '–'
                      ) : (
                        <ul className="company-history__changes">
                          {text.lines.map((line) => (
                            <li key={line.key}>
                              <span className="company-history__field">{line.label}:</span>{' '}
                              {line.before === null ? line.after : `${line.before} → ${line.after}`}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {total > HISTORY_PER_PAGE && (
        <nav
          className="ui-form-actions company-history-pager"
          aria-label={t('common:table.pageOf', { page, pages: Math.ceil(total / HISTORY_PER_PAGE) })}
        >
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
            aria-label={t('common:table.previous')}
          >
            ‹
          </button>
          <span>{t('common:table.pageOf', { page, pages: Math.ceil(total / HISTORY_PER_PAGE) })}</span>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={page * HISTORY_PER_PAGE >= total}
            onClick={() => setPage(page + 1)}
            aria-label={t('common:table.next')}
          >
            ›
          </button>
        </nav>
      )}
    </section>
  );
}
