import { api, type EndpointId } from '@dash/shared-core';
import { type LoaderKind, useLoaderStore } from '@dash/shared-ui';

/** Heartbeats run in the background and show no loader. */
const SILENT: readonly EndpointId[] = ['heartbeat'];

function kindOf(endpoint: EndpointId, reading: boolean): LoaderKind {
  if (endpoint === 'login') return 'logIn';
  return reading ? 'load' : 'save';
}

/** Every API call drives the loaders: sign-in > save > load (spec section 4); an error hides them. */
export function observeCallsWithLoaders(): void {
  api.setCallObserver({
    started(endpoint, reading) {
      if (!SILENT.includes(endpoint)) useLoaderStore.getState().start(kindOf(endpoint, reading));
    },
    finished(endpoint, reading, error) {
      if (SILENT.includes(endpoint)) return;
      if (error) useLoaderStore.getState().fail(error.code ?? String(error.status));
      else useLoaderStore.getState().stop(kindOf(endpoint, reading));
    },
  });
}
