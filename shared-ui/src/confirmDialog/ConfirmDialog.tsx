import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './confirmDialog.css';
import { Modal, type ModalProps } from '@dash/shared-ui/dialog';

export interface ConfirmDialogProps extends Omit<ModalProps, 'headline' | 'children' | 'footer'> {
  title: string;
  /** Paragraphs shown first; `children` follow them (warnings, lists, fields, an error). */
  text?: string | readonly string[];
  children?: ReactNode;
  confirmLabel: string;
  /** Danger for what cannot be undone (delete, remove, reset). */
  variant?: 'primary' | 'danger';
  /**
   * Runs on confirm; the dialog is busy until its promise settles. Closing on success is the caller's, and so is
   * showing a failure (the API client's toast or the caller's own message): a rejection leaves the dialog open.
   */
  onConfirm: () => Promise<unknown> | undefined;
  /** Busy for a reason of the caller's as well (e.g. a request it started). */
  busy?: boolean;
  /** The confirmation is not possible yet (e.g. a required choice is missing). */
  confirmDisabled?: boolean;
}

/** A question with cancel and confirm (spec section 2 "Dialogs"), the one footer every confirmation uses. */
export function ConfirmDialog({
  title,
  text,
  children,
  confirmLabel,
  variant = 'primary',
  onConfirm,
  busy = false,
  confirmDisabled = false,
  ...modal
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  const [running, setRunning] = useState(false);
  // A second press before React re-renders must not start the action twice.
  const runningRef = useRef(false);
  const isBusy = busy || running;
  const paragraphs = typeof text === 'string' ? [text] : (text ?? []);

  const confirm = async () => {
    if (runningRef.current || isBusy || confirmDisabled) return;
    runningRef.current = true;
    setRunning(true);
    try {
      await onConfirm();
    } catch {
      // Shown by the caller (see onConfirm); the dialog stays open for another try or a cancel.
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  return (
    <Modal
      {...modal}
      headline={title}
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={modal.onClose}>
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={`ui-button ui-confirm-dialog__confirm${variant === 'danger' ? ' ui-button--danger' : ''}`}
            disabled={confirmDisabled}
            // aria-disabled while busy, not disabled: a disabled button drops the focus, and Escape would no longer
            // reach the dialog.
            aria-disabled={isBusy || undefined}
            aria-busy={isBusy || undefined}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {children}
    </Modal>
  );
}
