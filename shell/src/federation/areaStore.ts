import {
  AREAS,
  type AreaDefinition,
  addNamespaceLoader,
  areaOfPath,
  audienceOf,
  hasAnyPermission,
  homePageOf,
  loadNamespaceTexts,
  type RemoteConfig,
  type SignedInAccess,
  whenI18nInitialized,
} from '@dash/shared-core';
import { type AreaRegistration, devtools, devtoolsOptions, useSessionStore } from '@dash/shared-ui';
import { matchPath } from 'react-router';
import { create } from 'zustand';
import { loadRegister } from './loadArea';

export type AreaStatus = 'idle' | 'loading' | 'ready' | 'error';

interface AreaEntry {
  status: AreaStatus;
  registration?: AreaRegistration;
  /** Status `error` because the area's release does not fit (docs/releases.md): why, shown in the error panel. */
  incompatible?: { version: string; problems: string[] };
}

interface AreaState {
  remotes: RemoteConfig[];
  /**
   * Whether `remotes` were chosen for the page's session (docs/releases.md: the releases of its client or licensee),
   * rather than for a visitor: a sign-in in the page asks for the signed-in session's remotes when not.
   */
  forSession: boolean;
  areas: Record<string, AreaEntry>;
  /** `forSession` default: the answer was made with the page's cookies (the boot data of a page with a session cookie). */
  configure(remotes: RemoteConfig[], options?: { forSession?: boolean }): void;
  ensure(name: string): Promise<void>;
  retry(name: string): Promise<void>;
}

/**
 * May the signed-in person open the area at all? Areas of the other kind of session (the licensee console for a
 * member, the members' areas for licensee staff), switched off or not permitted are never downloaded.
 */
export function canOpenArea(
  area: Pick<AreaDefinition, 'public' | 'featureFlag' | 'permissions' | 'audience'>,
  access: SignedInAccess | null,
): boolean {
  if (area.public) return true;
  if (!access) return false;
  if (audienceOf(area) !== access.audience) return false;
  if (area.featureFlag && !access.featureFlags[area.featureFlag]) return false;
  return hasAnyPermission(access.permissions, area.permissions);
}

export function areaDefinition(name: string): AreaDefinition | undefined {
  return AREAS.find((area) => area.name === name);
}

/**
 * The page at this address, when it belongs to the area just loaded and the member may open it, starts loading at
 * once: its code then arrives with the area instead of after the first render of the area's routes.
 * The route element asks for the same module later and gets it from the bundler's cache.
 */
function prefetchPage(registration: AreaRegistration, pathname: string): void {
  const route = registration.routes.find((candidate) => candidate.load && matchPath(candidate.path, pathname));
  if (!route?.load) return;
  const { access } = useSessionStore.getState();
  const allowed =
    route.layout === 'auth' ||
    canOpenArea(
      {
        public: false,
        featureFlag: route.featureFlag,
        permissions: route.permissions ?? [],
        audience: access?.audience,
      },
      access,
    );
  if (allowed) route.load().catch(() => undefined);
}

/**
 * Each page of the area loads together with the area's texts in the language shown, side by side with its code:
 * the texts of an area whose pages the member does not open are never downloaded.
 */
function withAreaTexts(registration: AreaRegistration): AreaRegistration {
  // The sign-in area starts loading together with the shell's translations (bootstrap.tsx): i18next may not be
  // initialised yet when its page loads.
  const texts = () => whenI18nInitialized().then(() => loadNamespaceTexts(registration.namespace));
  const routes = registration.routes.map((route) => {
    const { load } = route;
    if (!load) return route;
    return { ...route, load: async () => (await Promise.all([load(), texts()]))[0] };
  });
  return { ...registration, routes };
}

export const useAreaStore = create<AreaState>()(
  devtools((set, get) => {
    const setEntry = (name: string, entry: AreaEntry) =>
      set((state) => ({ areas: { ...state.areas, [name]: entry } }), false, `area/${name}/${entry.status}`);

    async function load(name: string, force: boolean) {
      const config = get().remotes.find((remote) => remote.name === name);
      if (!config) {
        setEntry(name, { status: 'error' });
        return;
      }
      setEntry(name, { status: 'loading' });
      try {
        const module = await loadRegister(config, force);
        if (!module?.default) throw new Error(`${name} has no register export`);
        const registration = withAreaTexts(module.default());
        addNamespaceLoader(registration.namespace, registration.loadTranslations);
        prefetchPage(registration, window.location.pathname);
        setEntry(name, { status: 'ready', registration });
      } catch (error) {
        console.warn(`Area ${name} failed to load`, error);
        // A release that does not fit (releaseCheck.ts, a chunk of its own: its error class is not imported here).
        const problems = (error as { problems?: unknown }).problems;
        const incompatible = Array.isArray(problems) ? { version: config.release?.version ?? '', problems } : undefined;
        setEntry(name, { status: 'error', incompatible });
      }
    }

    return {
      remotes: [],
      forSession: true,
      areas: {},
      configure(remotes, { forSession = true } = {}) {
        set({ remotes, forSession }, false, 'configure');
      },
      async ensure(name) {
        const status = get().areas[name]?.status;
        if (status === 'ready' || status === 'loading' || status === 'error') return;
        await load(name, false);
      },
      retry: (name) => load(name, true),
    };
  }, devtoolsOptions('areas')),
);

/**
 * Loads the register entry of the area whose page the session shows next (on a sign-in page: the page the sign-in
 * leads to, its returnUrl or else the home page), while the session's other calls run. No other area loads: the
 * sidebar is declared in sidebar.json, and an area's code arrives when one of its pages opens (AreaFallback) or its
 * sidebar entry is pointed at (Sidebar).
 */
export async function loadAreaOfPage(
  access: SignedInAccess | null,
  { pathname, search }: Pick<Location, 'pathname' | 'search'> = window.location,
): Promise<void> {
  const next = areaOfPath(pathname)?.public
    ? (new URLSearchParams(search).get('returnUrl') ?? homePageOf(access?.audience))
    : pathname;
  const area = areaOfPath(next);
  if (area && !area.public && canOpenArea(area, access)) await useAreaStore.getState().ensure(area.name);
}
