import { i18n, START_PAGE } from '@dash/shared-core';
import { type AreaRoute, Spinner, showToast, useCan } from '@dash/shared-ui';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AreaErrorBoundary } from './AreaErrorBoundary';

const lazyPages = new WeakMap<AreaRoute, ComponentType>();

function pageOf(route: AreaRoute & { load: NonNullable<AreaRoute['load']> }): ComponentType {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(route.load);
    lazyPages.set(route, page);
  }
  return page;
}

/**
 * Route guard (spec section 2): without the permission an error toast shows and the user stays where he was.
 * A page entered by its address (the first location of this document, key 'default') has no page of the app to go
 * back to: going back would leave or reload the document and lose the toast, so the start page replaces it.
 */
function Forbidden() {
  const navigate = useNavigate();
  const enteredByAddress = useLocation().key === 'default';
  useEffect(() => {
    showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t('guard.forbidden') });
    if (enteredByAddress) navigate(START_PAGE, { replace: true });
    else navigate(-1);
  }, [navigate, enteredByAddress]);
  return null;
}

export function AreaRouteElement({ route }: { route: AreaRoute }) {
  const can = useCan();
  if (!route.load) return <NotFoundPage />;
  if (route.layout !== 'auth' && !can(route.permissions, route.featureFlag)) return <Forbidden />;
  const Page = pageOf(route as AreaRoute & { load: NonNullable<AreaRoute['load']> });
  return (
    <AreaErrorBoundary key={route.path}>
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    </AreaErrorBoundary>
  );
}
