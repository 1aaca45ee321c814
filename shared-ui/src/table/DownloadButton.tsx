import { inlineErrorText, showToast } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DownloadButtonProps {
  label: string;
  /** Fetches the file the server makes and saves it (e.g. through `downloadBlob`). */
  download: () => Promise<void>;
  /** A success toast's message once the file is saved; none without it. */
  doneMessage?: string;
  testId?: string;
}

/**
 * A button that downloads an export (.xlsx and the like): disabled while the file is made, a danger toast with the
 * failed call's message, and, with `doneMessage`, a success toast.
 */
export function DownloadButton({ label, download, doneMessage, testId }: DownloadButtonProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await download();
      if (doneMessage) showToast({ type: 'success', title: t('toast.successTitle'), message: doneMessage });
    } catch (caught) {
      showToast({ type: 'danger', title: t('toast.errorTitle'), message: inlineErrorText(t, caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="ui-button" onClick={() => void run()} disabled={busy} data-testid={testId}>
      {label}
    </button>
  );
}
