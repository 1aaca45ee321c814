import { create } from 'zustand';
import { devtools, devtoolsOptions } from '../state/devtoolsOptions';

/** Spec section 4 "Loader": what the page is busy with. */
export type LoaderKind = 'logIn' | 'save' | 'load';
export type LoaderState = LoaderKind | 'hide';

/** With several loaders active the most important one shows. */
export const LOADER_PRIORITY: readonly LoaderKind[] = ['logIn', 'save', 'load'];
/** Hiding waits this long, so that quick calls in a row do not make the loader flicker. */
export const LOADER_HIDE_DELAY_MS = 250;

interface LoaderStore {
  active: Record<LoaderKind, number>;
  /** What is shown; 'hide' (after the delay) when nothing is active. */
  visible: LoaderState;
  /** The error code of the last failed call; cleared by the next start. */
  errorCode: string | null;
  start(kind: LoaderKind): void;
  stop(kind: LoaderKind): void;
  /** A failed call hides every loader at once and keeps its error code. */
  fail(code: string): void;
}

export function loaderToShow(active: Record<LoaderKind, number>): LoaderState {
  return LOADER_PRIORITY.find((kind) => active[kind] > 0) ?? 'hide';
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export const useLoaderStore = create<LoaderStore>()(
  devtools((set, get) => {
    function update(active: Record<LoaderKind, number>) {
      const next = loaderToShow(active);
      if (hideTimer) clearTimeout(hideTimer);
      hideTimer = undefined;
      if (next === 'hide' && get().visible !== 'hide') {
        set({ active }, false, 'loader/pending-hide');
        hideTimer = setTimeout(
          () => set({ visible: loaderToShow(get().active) }, false, 'loader/hide'),
          LOADER_HIDE_DELAY_MS,
        );
      } else {
        set({ active, visible: next }, false, `loader/${next}`);
      }
    }
    return {
      active: { logIn: 0, save: 0, load: 0 },
      visible: 'hide',
      errorCode: null,
      start(kind) {
        set({ errorCode: null }, false, 'loader/clear-error');
        update({ ...get().active, [kind]: get().active[kind] + 1 });
      },
      stop(kind) {
        update({ ...get().active, [kind]: Math.max(0, get().active[kind] - 1) });
      },
      fail(code) {
        if (hideTimer) clearTimeout(hideTimer);
        hideTimer = undefined;
        set({ active: { logIn: 0, save: 0, load: 0 }, visible: 'hide', errorCode: code }, false, 'loader/fail');
      },
    };
  }, devtoolsOptions('loader')),
);
