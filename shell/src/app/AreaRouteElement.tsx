import { type AreaRoute, Spinner, useCan } from '@dash/shared-ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { Forbidden } from './Forbidden';

const lazyPages = new WeakMap<AreaRoute, ComponentType>();

function pageOf(route: AreaRoute & { load: NonNullable<AreaRoute['load']> }): ComponentType {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(route.load);
    lazyPages.set(route, page);
  }
  return page;
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
