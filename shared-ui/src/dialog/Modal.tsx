import './texts';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: modal widths 30, 40 or 50 rem; anything else is 30 rem. */
export const MODAL_WIDTHS = [30, 40, 50] as const;
export type ModalWidth = (typeof MODAL_WIDTHS)[number];
export function modalWidth(width: number | undefined): ModalWidth {
  return (MODAL_WIDTHS as readonly number[]).includes(width ?? 0) ? (width as ModalWidth) : 30;
}

/** Length of the closing animation (base.css `ui-modal-out`). */
export const MODAL_ANIMATION_MS = 150;
/** Spec section 4: when no animationend arrives, the dialog counts as closed 100 ms after the animation. */
export const MODAL_CLOSE_FALLBACK_MS = MODAL_ANIMATION_MS + 100;

export type ModalPhase = 'open' | 'closing' | 'closed';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** Show (true) or start closing (false); the frame stays mounted until the closing animation ends. */
  open: boolean;
  /** Asked to close: Escape, the close button or a click on the backdrop. */
  onClose: () => void;
  /** Told when the frame is fully closed and gone. */
  onClosed?: () => void;
  headline: string;
  /** 30, 40 or 50 (rem); anything else is 30. */
  width?: number;
  children?: ReactNode;
  footer?: ReactNode;
  /** Where focus goes first (default: the first focusable element inside, else the dialog itself). */
  initialFocus?: () => HTMLElement | null;
  testId?: string;
}

/**
 * The one modal frame (spec section 2 "Modals"): role dialog, aria-modal, labelled by its headline. Focus moves
 * in, is trapped (Tab and Shift+Tab cycle) and returns to where it was when the dialog has closed.
 */
export function Modal({
  open,
  onClose,
  onClosed,
  headline,
  width,
  children,
  footer,
  initialFocus,
  testId,
}: ModalProps) {
  const { t } = useTranslation('ui');
  const [phase, setPhase] = useState<ModalPhase>(open ? 'open' : 'closed');
  const frameRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const headlineId = useId();
  const wasOpenRef = useRef(false);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  useEffect(() => {
    if (open) {
      setPhase('open');
    } else {
      setPhase((current) => (current === 'open' ? 'closing' : current));
    }
  }, [open]);

  const finishClosing = useCallback(() => {
    setPhase((current) => (current === 'closing' ? 'closed' : current));
  }, []);

  // A native listener: React's synthetic animation events depend on vendor-prefix detection.
  useEffect(() => {
    const frame = frameRef.current;
    if (phase !== 'closing' || !frame) return;
    frame.addEventListener('animationend', finishClosing);
    return () => frame.removeEventListener('animationend', finishClosing);
  }, [phase, finishClosing]);

  // Fallback when the animationend event does not come (reduced motion, hidden tab, jsdom).
  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(finishClosing, MODAL_CLOSE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [phase, finishClosing]);

  // Before paint: a key pressed as soon as the dialog shows (Escape, Tab) must already reach it.
  useLayoutEffect(() => {
    if (phase === 'open') {
      wasOpenRef.current = true;
      if (!returnFocusRef.current) returnFocusRef.current = document.activeElement as HTMLElement | null;
      const frame = frameRef.current;
      if (frame && !frame.contains(document.activeElement)) {
        const target = initialFocus?.() ?? frame.querySelector<HTMLElement>(FOCUSABLE) ?? frame;
        target.focus();
      }
    }
    if (phase === 'closed' && wasOpenRef.current) {
      wasOpenRef.current = false;
      const previous = returnFocusRef.current;
      returnFocusRef.current = null;
      if (previous?.isConnected) previous.focus();
      onClosedRef.current?.();
    }
  }, [phase, initialFocus]);

  if (phase === 'closed') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const frame = frameRef.current;
    if (!frame) return;
    const focusable = [...frame.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      frame.focus();
      return;
    }
    const first = focusable[0] as HTMLElement;
    const last = focusable[focusable.length - 1] as HTMLElement;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === frame)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`ui-modal is-${phase}`} data-phase={phase}>
      <div className="ui-modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={frameRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headlineId}
        tabIndex={-1}
        className={`ui-modal__frame ui-modal__frame--${modalWidth(width)}`}
        style={{ width: `${modalWidth(width)}rem` }}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="ui-modal__header">
          <h2 id={headlineId}>{headline}</h2>
          <button type="button" className="ui-button ui-button--ghost ui-modal__close" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="ui-visually-hidden">{t('dialog.close')}</span>
          </button>
        </div>
        <div className="ui-modal__body">{children}</div>
        {footer && <div className="ui-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}

export interface ModalFooterProps {
  /** The cancel button: closes without doing anything (usually the modal's `onClose`). */
  onCancel: () => void;
  /** The primary button's text. */
  label: string;
  /** The id of the form the primary button submits; without it the button runs `onClick`. */
  form?: string;
  onClick?: () => void;
  disabled?: boolean;
  testId?: string;
}

/** The footer of a modal that sends a form or runs one action: cancel, then the primary button. */
export function ModalFooter({ onCancel, label, form, onClick, disabled, testId }: ModalFooterProps) {
  const { t } = useTranslation('ui');
  return (
    <>
      <button type="button" className="ui-button ui-button--ghost" onClick={onCancel}>
        {t('dialog.cancel')}
      </button>
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className="ui-button"
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {label}
      </button>
    </>
  );
}

export interface DialogButton {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'danger' | 'ghost';
  disabled?: boolean;
}

export interface DialogProps extends Omit<ModalProps, 'children' | 'footer'> {
  texts?: string[];
  list?: string[];
  buttons?: DialogButton[];
  /** A cancel button is shown unless switched off. */
  cancel?: boolean;
  cancelLabel?: string;
  children?: ReactNode;
}

/** Simple dialog (spec section 2 "Dialogs"): headline, texts, a list and buttons, with a cancel button. */
export function Dialog({
  texts = [],
  list = [],
  buttons = [],
  cancel = true,
  cancelLabel,
  children,
  ...modal
}: DialogProps) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      {...modal}
      footer={
        cancel || buttons.length > 0 ? (
          <>
            {cancel && (
              <button type="button" className="ui-button ui-button--ghost" onClick={modal.onClose}>
                {cancelLabel ?? t('dialog.cancel')}
              </button>
            )}
            {buttons.map((button) => (
              <button
                key={button.label}
                type="button"
                className={`ui-button${button.variant === 'danger' ? ' ui-button--danger' : button.variant === 'ghost' ? ' ui-button--ghost' : ''}`}
                disabled={button.disabled}
                onClick={button.onClick}
              >
                {button.label}
              </button>
            ))}
          </>
        ) : undefined
      }
    >
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {list.length > 0 && (
        <ul className="ui-modal__list">
          {list.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      )}
      {children}
    </Modal>
  );
}
