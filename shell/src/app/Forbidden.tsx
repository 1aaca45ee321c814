import { i18n } from '@dash/shared-core';
import { showToast, useHomePage } from '@dash/shared-ui';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Route guard (spec section 2): without the permission an error toast shows and the user stays where he was.
 * A page entered by its address (the first location of this document, key 'default') has no page of the app to go
 * back to: going back would leave or reload the document and lose the toast, so the start page replaces it.
 */
export function Forbidden() {
  const navigate = useNavigate();
  const enteredByAddress = useLocation().key === 'default';
  const home = useHomePage();
  useEffect(() => {
    showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t('guard.forbidden') });
    if (enteredByAddress) navigate(home, { replace: true });
    else navigate(-1);
  }, [navigate, enteredByAddress, home]);
  return null;
}
