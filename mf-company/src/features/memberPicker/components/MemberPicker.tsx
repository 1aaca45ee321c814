import './picker.css';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickedMember, useMemberSearch } from '../api/searchMembers';

/** Spec section 9: a typeahead asks the server 250 ms after typing stops. */
export const PICKER_TYPEAHEAD_MS = 250;

export interface MemberPickerProps {
  label: string;
  /** The members picked so far. */
  value: PickedMember[];
  onChange: (members: PickedMember[]) => void;
  /** Members never offered (e.g. those already in the group). */
  exclude?: readonly string[];
}

/**
 * Picks members by searching the server (a combobox: type, then arrow keys and Enter, or click); the picked
 * members show as removable chips. Works for any number of members, since only the matches are loaded.
 */
export function MemberPicker({ label, value, onChange, exclude = [] }: MemberPickerProps) {
  const { t } = useTranslation('company');
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), PICKER_TYPEAHEAD_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useMemberSearch(search, open && search.length > 0);
  const hidden = new Set([...exclude, ...value.map((member) => member.uuid)]);
  const options = (query.data?.items ?? []).filter((member) => !hidden.has(member.uuid));
  const showList = open && search.length > 0;

  const pick = (member: PickedMember) => {
    onChange([...value, member]);
    setText('');
    setSearch('');
    setActive(0);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const option = options[active];
      if (showList && option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape' && showList) {
      // Closes the list only, not the modal around the picker.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="ui-field company-picker" data-testid="member-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showList && options[active] ? `${id}-${options[active].uuid}` : undefined}
        placeholder={t('memberPicker.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div id={`${id}-list`} role="listbox" aria-label={label} className="company-picker__list">
          {options.length === 0 && !query.isFetching && (
            <div className="company-picker__empty">{t('memberPicker.noMatches')}</div>
          )}
          {options.map((member, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
            <div
              key={member.uuid}
              id={`${id}-${member.uuid}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`company-picker__option${index === active ? ' is-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              {member.lastName}, {member.firstName} <span className="company-picker__hint">{member.username}</span>
            </div>
          ))}
        </div>
      )}
      {value.length > 0 && (
        <ul className="company-picker__chips" aria-label={t('memberPicker.picked')}>
          {value.map((member) => (
            <li key={member.uuid} className="ui-badge ui-badge--info">
              {member.firstName} {member.lastName}
              <button
                type="button"
                className="ui-button ui-button--ghost ui-button--small"
                aria-label={t('memberPicker.removePicked', { name: `${member.firstName} ${member.lastName}` })}
                onClick={() => onChange(value.filter((other) => other.uuid !== member.uuid))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
