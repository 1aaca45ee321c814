import { i18n } from '@dash/shared-core';
import { type AreaRoute, Spinner, showToast, useCan } from '@dash/shared-ui';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
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

/** Route guard (spec section 2): without the permission an error toast shows and the user stays where he was. */
function Forbidden() {
  const navigate = useNavigate();
  useEffect(() => {
    showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t('guard.forbidden') });
    if (window.history.length > 1) navigate(-1);
    else navigate('/dashboard/start/overview', { replace: true });
  }, [navigate]);
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
