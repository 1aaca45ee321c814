import { type LicenseeClientDetails, minLength } from '@dash/shared-core';
import { CONSOLE_SUPPORT_SESSION_MINUTES, SUPPORT_REASON_MAX_LENGTH } from '@dash/shared-core/calls';
import { FormError, inlineErrorText, TextField, useCan, useForm } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenSupportSession } from '../api/openSupportSession';

/**
 * "Open in support mode" on a client's page: the adviser states a reason; the browser then follows the support link
 * and shows the client's dashboard under the adviser's own name until the session's fixed end.
 */
export function OpenSupportButton({ client }: { client: LicenseeClientDetails }) {
  const { t } = useTranslation('licensee');
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(['licensee.support-login']) || !client.active) return null;
  return (
    <>
      <button type="button" className="ui-button" onClick={() => setOpen(true)} data-testid="open-support">
        {t('support.open')}
      </button>
      <OpenSupportDialog client={client} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function OpenSupportDialog({
  client,
  open,
  onClose,
}: {
  client: LicenseeClientDetails;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('licensee');
  const openSession = useOpenSupportSession();
  const form = useForm({
    initialValues: { reason: '' },
    fields: { reason: { required: true, rules: [minLength(3)] } },
    send: async (values) => {
      const { redirectTo } = await openSession.mutateAsync({ uuid: client.uuid, reason: values.reason.trim() });
      // A full page load: the shell starts again with the client's session (member state, areas, banner).
      window.location.assign(redirectTo);
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      headline={t('support.dialogTitle', { name: client.name })}
      width={40}
      testId="open-support-dialog"
      footer={
        <ModalFooter
          onCancel={onClose}
          label={t('support.confirm')}
          form="open-support-form"
          disabled={form.busy}
          testId="open-support-confirm"
        />
      }
    >
      <form id="open-support-form" onSubmit={form.onSubmit} noValidate>
        <p>{t('support.dialogText', { minutes: CONSOLE_SUPPORT_SESSION_MINUTES })}</p>
        <FormError error={form.error} testId="open-support-error" />
        <TextField
          label={t('support.reason')}
          maxLength={SUPPORT_REASON_MAX_LENGTH}
          placeholder={t('support.reasonPlaceholder')}
          {...form.field('reason')}
        />
      </form>
    </Modal>
  );
}
