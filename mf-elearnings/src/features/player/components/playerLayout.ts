import type { ScoStatus } from '@dash/shared-core';
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * The player takes the height of the window below where it starts (header and page title above it), so that the
 * course's own navigation bar, usually at the bottom of the course, is in sight without scrolling the page.
 */
export function useFitToWindow(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--player-top', `${Math.round(top)}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    // The header can change height (a banner appears, the title wraps) without the window changing size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [ref]);
}

/** The player (bar and course) in full screen, and back; Escape leaves as the browser provides. */
export function useFullScreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [ref]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen().catch(() => undefined);
  };
  return { supported, active, toggle };
}

export const STATUS_BADGE: Record<ScoStatus, string> = {
  notAttempted: 'ui-badge',
  incomplete: 'ui-badge ui-badge--warning',
  failed: 'ui-badge ui-badge--danger',
  completed: 'ui-badge ui-badge--success',
  passed: 'ui-badge ui-badge--success',
};
