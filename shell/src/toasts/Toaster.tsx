import { useToastStore } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';

/** Spec section 9: toasts close by themselves (danger after 30 s, the others after 5 s) or by hand. */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div className="shell-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`shell-toast shell-toast--${toast.type}`}
          role={toast.type === 'danger' ? 'alert' : 'status'}
          data-testid={`toast-${toast.type}`}
        >
          <div>
            <strong>{toast.title}</strong>
            <p>{toast.message}</p>
            {toast.detail && (
              <p className="shell-toast__detail" data-testid="toast-detail">
                {toast.detail}
              </p>
            )}
          </div>
          <button
            type="button"
            className="shell-toast__close"
            onClick={() => dismiss(toast.id)}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
