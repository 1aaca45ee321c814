import './texts';
import './memberPicker.css';
import { useCan, useDebouncedValue } from '@dash/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  groupSetsQuery,
  locationSetsQuery,
  type MemberSet,
  type MemberSetKind,
  matchingOrgUnits,
  memberSearchQuery,
  orgUnitSetsQuery,
  PICKER_MAX_MEMBERS,
  PICKER_SETS_PER_KIND,
  type PickedMember,
  type PickerStatus,
  readSetMembers,
} from './memberSources';

export interface MemberPickerProps {
  label: string;
  /** The members picked so far. */
  value: PickedMember[];
  onChange: (members: PickedMember[]) => void;
  /** Members never offered (e.g. those already in the group). */
  exclude?: readonly string[];
  /** Also offer whole org units, groups and locations (the ones the reader may list): picking one adds its members. */
  sets?: boolean;
  /** `active`: inactive members are neither found nor added with a set. */
  status?: PickerStatus;
  /** One member only (e.g. the person responsible): a pick replaces the picked one; no sets. */
  single?: boolean;
  /** The label says the field is required (the form checks it). */
  required?: boolean;
  testId?: string;
}

type Option = { kind: 'member'; member: PickedMember } | { kind: 'set'; set: MemberSet };
type Notice = { tone: 'info' | 'error'; text: string } | null;

const SET_KINDS: readonly MemberSetKind[] = ['orgUnit', 'group', 'location'];

/**
 * Picks members by searching the server (a combobox: type, then arrow keys and Enter, or click); each pick clears
 * the search and keeps the list open for the next one, and the picked members show as removable chips. With `sets`
 * the same search finds org units, groups and locations: one pick adds all their members (those the reader may
 * see; the server scopes the lists). Only matches are loaded, so it works for any number of members. With `single`
 * it picks one member (a pick replaces it), e.g. the person responsible for an action.
 */
export function MemberPicker({
  label,
  value,
  onChange,
  exclude = [],
  sets = false,
  status = 'all',
  single = false,
  required = false,
  testId = 'member-picker',
}: MemberPickerProps) {
  const { t } = useTranslation('ui');
  const can = useCan();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loadingSet, setLoadingSet] = useState<MemberSet | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useDebouncedValue(text.trim());
  // The typed text closes the list at once when it is cleared (after a pick); the debounced one only starts reads.
  const searching = open && text.trim().length > 0 && search.length > 0;

  // A set's members arrive later: they are added to the picks as they are then, and the read stops on unmount.
  const valueRef = useRef(value);
  valueRef.current = value;
  const readRef = useRef<AbortController | null>(null);
  useEffect(() => () => readRef.current?.abort(), []);

  const canSearch = can(['member-list.get-list']);
  const withSets = sets && !single;
  const offers: Record<MemberSetKind, boolean> = {
    orgUnit: withSets && canSearch && can(['org-unit.org-unit-list']),
    group: withSets && can(['member-group.read-list']) && can(['member-group.read-member-list']),
    location: withSets && canSearch && can(['location.location-list']),
  };
  const members = useQuery({ ...memberSearchQuery(search, status), enabled: searching && canSearch });
  const orgUnits = useQuery({ ...orgUnitSetsQuery(), enabled: searching && offers.orgUnit });
  const groups = useQuery({ ...groupSetsQuery(search), enabled: searching && offers.group });
  const locations = useQuery({ ...locationSetsQuery(search), enabled: searching && offers.location });

  const hidden = new Set([...exclude, ...value.map((member) => member.uuid)]);
  const foundSets: Record<MemberSetKind, MemberSet[]> = {
    orgUnit: offers.orgUnit ? matchingOrgUnits(orgUnits.data?.items ?? [], search) : [],
    group: offers.group
      ? (groups.data?.items ?? []).slice(0, PICKER_SETS_PER_KIND).map((group) => ({
          kind: 'group' as const,
          uuid: group.uuid,
          name: group.name,
          memberCount: group.memberCount,
        }))
      : [],
    location: offers.location
      ? (locations.data?.items ?? []).slice(0, PICKER_SETS_PER_KIND).map((location) => ({
          kind: 'location' as const,
          uuid: location.uuid,
          name: location.name,
          memberCount: location.memberCount,
        }))
      : [],
  };
  const memberOptions: Option[] = (members.data?.items ?? [])
    .filter((member) => !hidden.has(member.uuid))
    .map((member) => ({ kind: 'member', member }));
  const setOptions: Option[] = SET_KINDS.flatMap((kind) =>
    foundSets[kind].filter((set) => set.memberCount > 0).map((set): Option => ({ kind: 'set', set })),
  );
  const options = [...memberOptions, ...setOptions];
  const fetching = members.isFetching || orgUnits.isFetching || groups.isFetching || locations.isFetching;
  const optionId = (option: Option) => `${id}-${option.kind === 'member' ? option.member.uuid : option.set.uuid}`;
  const activeOption = searching ? options[Math.min(active, options.length - 1)] : undefined;
  // A listbox holds options only (axe: aria-required-children), so "searching…" and "no matches" stand beside it.
  const listOpen = searching && options.length > 0;

  const restart = () => {
    setText('');
    setActive(0);
    inputRef.current?.focus();
  };

  const pickMember = (member: PickedMember) => {
    const picked = {
      uuid: member.uuid,
      firstName: member.firstName,
      lastName: member.lastName,
      username: member.username,
    };
    onChange(single ? [picked] : [...value, picked]);
    setNotice(null);
    restart();
  };

  const pickSet = async (set: MemberSet) => {
    restart();
    readRef.current?.abort();
    const read = new AbortController();
    readRef.current = read;
    setLoadingSet(set);
    setNotice({ tone: 'info', text: t('memberPicker.loadingSet', { name: set.name }) });
    try {
      const answer = await readSetMembers(set, status, PICKER_MAX_MEMBERS, read.signal);
      if (read.signal.aborted) return;
      const current = valueRef.current;
      const taken = new Set([...exclude, ...current.map((member) => member.uuid)]);
      const added = answer.kind === 'members' ? answer.members.filter((member) => !taken.has(member.uuid)) : [];
      if (answer.kind === 'tooMany' || current.length + added.length > PICKER_MAX_MEMBERS) {
        setNotice({ tone: 'error', text: t('memberPicker.tooMany', { name: set.name, max: PICKER_MAX_MEMBERS }) });
      } else if (added.length === 0) {
        setNotice({ tone: 'info', text: t('memberPicker.addedSetNone', { name: set.name }) });
      } else {
        onChange([...current, ...added]);
        setNotice({ tone: 'info', text: t('memberPicker.addedSet', { name: set.name, count: added.length }) });
      }
    } catch {
      // The API client's error toast says why; the picks stay as they were.
      if (!read.signal.aborted) setNotice({ tone: 'error', text: t('memberPicker.setFailed', { name: set.name }) });
    } finally {
      if (readRef.current === read) {
        readRef.current = null;
        setLoadingSet(null);
      }
    }
  };

  const pick = (option: Option) => (option.kind === 'member' ? pickMember(option.member) : void pickSet(option.set));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (activeOption) {
        event.preventDefault();
        pick(activeOption);
      }
    } else if (event.key === 'Escape' && searching) {
      // Closes the list only, not the modal around the picker.
      event.stopPropagation();
      setOpen(false);
    }
  };

  const renderOption = (option: Option) => {
    const isActive = option === activeOption;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
      <div
        key={optionId(option)}
        id={optionId(option)}
        role="option"
        tabIndex={-1}
        aria-selected={isActive}
        className={`ui-member-picker__option${isActive ? ' is-active' : ''}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => pick(option)}
      >
        {option.kind === 'member' ? (
          <>
            {option.member.lastName}, {option.member.firstName}{' '}
            <span className="ui-member-picker__hint">{option.member.username}</span>
          </>
        ) : (
          <>
            {option.set.name}{' '}
            <span className="ui-member-picker__hint">
              {t('memberPicker.setHint', { count: option.set.memberCount })}
            </span>
          </>
        )}
      </div>
    );
  };

  const group = (key: string, title: string, entries: Option[]) =>
    entries.length > 0 && (
      // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox, not a group of form fields
      <div key={key} role="group" aria-label={title}>
        <div className="ui-member-picker__heading" aria-hidden="true">
          {title}
        </div>
        {entries.map(renderOption)}
      </div>
    );

  return (
    <div className="ui-field ui-member-picker" data-testid={testId}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={listOpen}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-busy={loadingSet !== null}
        aria-required={required || undefined}
        placeholder={t(withSets ? 'memberPicker.placeholderWithSets' : 'memberPicker.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {searching && options.length === 0 && (
        <div className="ui-member-picker__list ui-member-picker__empty" role="status">
          {fetching ? t('memberPicker.searching') : t('memberPicker.noMatches')}
        </div>
      )}
      {listOpen && (
        <div id={`${id}-list`} role="listbox" aria-label={label} className="ui-member-picker__list">
          {setOptions.length === 0
            ? memberOptions.map(renderOption)
            : group('members', t('memberPicker.members'), memberOptions)}
          {SET_KINDS.map((kind) =>
            group(
              kind,
              t(`memberPicker.sets.${kind}`),
              setOptions.filter((option) => option.kind === 'set' && option.set.kind === kind),
            ),
          )}
        </div>
      )}
      <p
        className={`ui-member-picker__notice${notice?.tone === 'error' ? ' is-error' : ''}`}
        aria-live="polite"
        data-testid="member-picker-notice"
      >
        {notice?.text}
      </p>
      {value.length > 0 && (
        <div className="ui-member-picker__picked">
          {!single && (
            <div className="ui-member-picker__picked-head">
              <span>{t('memberPicker.pickedCount', { count: value.length })}</span>
              <button
                type="button"
                className="ui-button ui-button--ghost ui-button--small"
                onClick={() => {
                  onChange([]);
                  setNotice(null);
                }}
              >
                {t('memberPicker.clear')}
              </button>
            </div>
          )}
          <ul className="ui-member-picker__chips" aria-label={t('memberPicker.picked')}>
            {value.map((member) => (
              <li key={member.uuid} className="ui-badge ui-badge--info">
                {`${member.firstName} ${member.lastName}`.trim()}
                <button
                  type="button"
                  className="ui-button ui-button--ghost ui-button--small"
                  aria-label={t('memberPicker.removePicked', { name: `${member.firstName} ${member.lastName}`.trim() })}
                  onClick={() => onChange(value.filter((other) => other.uuid !== member.uuid))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
