import './texts';
import { UI_NAMESPACE } from '@dash/shared-ui';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 3 "Dropdown item". `translate` means `label` is a translation key. */
export interface DropdownItem<Value extends string = string> {
  label: string;
  value: Value;
  icon?: ReactNode;
  disabled?: boolean;
  translate?: boolean;
}

interface CommonProps<Value extends string> {
  label: string;
  items: DropdownItem<Value>[];
  placeholder?: string;
  disabled?: boolean;
  /** Hides the visible label (it stays the accessible name). */
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

export interface SingleDropdownProps<Value extends string> extends CommonProps<Value> {
  multiple?: false;
  value: Value | null;
  onChange: (value: Value) => void;
}

export interface MultiDropdownProps<Value extends string> extends CommonProps<Value> {
  multiple: true;
  value: Value[];
  onChange: (value: Value[]) => void;
  /** At most this many entries (0 or undefined: no limit). */
  max?: number;
}

export type DropdownProps<Value extends string> = SingleDropdownProps<Value> | MultiDropdownProps<Value>;

/** Spec section 9: the open list repositions at most every 100 ms while the page scrolls or resizes. */
export const DROPDOWN_REPOSITION_DEBOUNCE_MS = 100;

/** Next enabled index from `from` in `step` direction, wrapping around; -1 when every item is disabled. */
export function nextEnabledIndex(items: readonly { disabled?: boolean }[], from: number, step: 1 | -1): number {
  const count = items.length;
  for (let offset = 1; offset <= count; offset++) {
    const index = (((from + step * offset) % count) + count) % count;
    if (!items[index]?.disabled) return index;
  }
  return -1;
}

/**
 * Select-only combobox (WAI-ARIA APG "combobox" with a "listbox" popup): the button keeps focus and points at
 * the active option with aria-activedescendant. Enter/Space open or choose, arrows move with wrap-around,
 * Home/End jump, Escape closes, Tab closes and moves on. Single choice closes; multiple choice toggles up to `max`.
 */
export function Dropdown<Value extends string>(props: DropdownProps<Value>) {
  const { label, items, placeholder, disabled, hideLabel, className } = props;
  const { t } = useTranslation([UI_NAMESPACE, 'common']);
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const listId = `${id}-list`;
  const labelId = `${id}-label`;
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<'below' | 'above'>('below');

  const selectedValues: Value[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const max = props.multiple ? (props.max ?? 0) : 1;
  const text = (item: DropdownItem<Value>) => (item.translate ? t(item.label, { ns: ['ui', 'common'] }) : item.label);
  const isSelected = (item: DropdownItem<Value>) => selectedValues.includes(item.value);
  const blocked = (item: DropdownItem<Value>) =>
    Boolean(item.disabled) || (props.multiple === true && max > 0 && selectedValues.length >= max && !isSelected(item));

  const summary = (() => {
    const chosen = items.filter(isSelected);
    if (chosen.length === 0) return placeholder ?? t('dropdown.placeholder');
    if (chosen.length <= 2) return chosen.map(text).join(', ');
    return t('dropdown.selectedCount', { count: chosen.length });
  })();

  const reposition = useCallback(() => {
    const root = rootRef.current;
    const list = listRef.current;
    if (!root || !list) return;
    const box = root.getBoundingClientRect();
    const height = list.scrollHeight > 0 ? Math.min(list.scrollHeight, list.offsetHeight || list.scrollHeight) : 0;
    const below = window.innerHeight - box.bottom;
    setPlacement(below < height && box.top > below ? 'above' : 'below');
  }, []);

  useEffect(() => {
    if (!open) return;
    reposition();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const debounced = () => {
      clearTimeout(timer);
      timer = setTimeout(reposition, DROPDOWN_REPOSITION_DEBOUNCE_MS);
    };
    const outside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('resize', debounced);
    window.addEventListener('scroll', debounced, true);
    document.addEventListener('mousedown', outside);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', debounced);
      window.removeEventListener('scroll', debounced, true);
      document.removeEventListener('mousedown', outside);
    };
  }, [open, reposition]);

  useEffect(() => {
    if (!open || active < 0) return;
    const option = listRef.current?.children[active] as HTMLElement | undefined;
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openList = (preferred?: number) => {
    if (disabled) return;
    const firstSelected = items.findIndex(isSelected);
    const start = preferred ?? (firstSelected >= 0 ? firstSelected : nextEnabledIndex(items, -1, 1));
    setActive(start);
    setOpen(true);
  };

  const choose = (index: number) => {
    const item = items[index];
    if (!item || blocked(item)) return;
    if (props.multiple) {
      const next = isSelected(item)
        ? props.value.filter((value) => value !== item.value)
        : [...props.value, item.value];
      props.onChange(next);
    } else {
      props.onChange(item.value);
      setOpen(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (!open) openList();
        else choose(active);
        break;
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => nextEnabledIndex(items, index, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(nextEnabledIndex(items, 0, -1));
        else setActive((index) => nextEnabledIndex(items, Math.max(index, 0), -1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(nextEnabledIndex(items, -1, 1));
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(nextEnabledIndex(items, items.length, -1));
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className={`ui-field ui-dropdown${className ? ` ${className}` : ''}`} ref={rootRef}>
      <span id={labelId} className={hideLabel ? 'ui-visually-hidden' : 'ui-dropdown__label'}>
        {label}
      </span>
      <button
        id={id}
        type="button"
        role="combobox"
        className="ui-dropdown__toggle"
        aria-labelledby={`${labelId} ${id}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
      >
        <span className="ui-dropdown__value">{summary}</span>
        <span aria-hidden="true" className="ui-dropdown__chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        aria-multiselectable={props.multiple ? true : undefined}
        className={`ui-dropdown__list ui-dropdown__list--${placement}`}
        hidden={!open}
        tabIndex={-1}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox owns the keyboard (aria-activedescendant pattern)
          <div
            key={item.value}
            tabIndex={-1}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={isSelected(item)}
            aria-disabled={blocked(item) ? true : undefined}
            className={`ui-dropdown__option${index === active ? ' is-active' : ''}${isSelected(item) ? ' is-selected' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => !item.disabled && setActive(index)}
            onClick={() => {
              setActive(index);
              choose(index);
            }}
          >
            {props.multiple && (
              <span aria-hidden="true" className="ui-dropdown__mark">
                {isSelected(item) ? '☑' : '☐'}
              </span>
            )}
            {item.icon && (
              <span aria-hidden="true" className="ui-dropdown__icon">
                {item.icon}
              </span>
            )}
            <span>{text(item)}</span>
          </div>
        ))}
      </div>
      {props.multiple && max > 0 && selectedValues.length >= max && open && (
        <p className="ui-dropdown__hint" aria-live="polite">
          {t('dropdown.maxReached', { max })}
        </p>
      )}
    </div>
  );
}
