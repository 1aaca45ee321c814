import type { PersonRef } from '@dash/shared-core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberSearch } from '../api/searchMembers';
import './locations.css';

/** Spec section 9: a typeahead asks the server 250 ms after typing stops. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;

export interface MemberPickerProps {
  label: string;
  selected: PersonRef[];
  onChange: (selected: PersonRef[]) => void;
}

/**
 * Picks members by searching the server (the member list call): type, wait 250 ms, tick the ones you want. The
 * chosen ones stay above the search as removable entries. Kept small on purpose: the shared member picker of the
 * structure work replaces it once both are merged.
 */
export function MemberPicker({ label, selected, onChange }: MemberPickerProps) {
  const { t } = useTranslation('company');
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), MEMBER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useMemberSearch(search);
  const chosen = new Set(selected.map((person) => person.uuid));

  const toggle = (person: PersonRef) =>
    onChange(
      chosen.has(person.uuid)
        ? selected.filter((entry) => entry.uuid !== person.uuid)
        : [...selected, { uuid: person.uuid, firstName: person.firstName, lastName: person.lastName }],
    );

  return (
    <fieldset className="company-picker">
      <legend>{label}</legend>
      {selected.length > 0 && (
        <ul className="company-picker__chosen" aria-label={t('locations.picker.chosen')}>
          {selected.map((person) => (
            <li key={person.uuid} className="company-picker__chip">
              <span>
                {person.firstName} {person.lastName}
              </span>
              <button
                type="button"
                className="ui-button ui-button--ghost ui-button--small"
                onClick={() => toggle(person)}
                aria-label={t('locations.picker.remove', { name: `${person.firstName} ${person.lastName}` })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ui-field">
        <label htmlFor={`${id}-search`}>{t('locations.picker.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          autoComplete="off"
          placeholder={t('locations.picker.placeholder')}
          onChange={(event) => setText(event.target.value)}
          data-testid="member-picker-search"
        />
      </div>
      <div aria-live="polite" className="company-picker__results" data-testid="member-picker-results">
        {search === '' ? (
          <p className="ui-empty">{t('locations.picker.hint')}</p>
        ) : query.isPending ? (
          <p className="ui-empty">{t('common:table.loading')}</p>
        ) : (query.data?.items.length ?? 0) === 0 ? (
          <p className="ui-empty">{t('locations.picker.none')}</p>
        ) : (
          <ul className="company-picker__list">
            {query.data?.items.map((member) => (
              <li key={member.uuid}>
                <label className="company-picker__option">
                  <input type="checkbox" checked={chosen.has(member.uuid)} onChange={() => toggle(member)} />
                  <span>
                    {member.lastName}, {member.firstName}
                    <span className="company-picker__meta"> · {member.username}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
