import { areaOfPath } from '@dash/shared-core';
import { useLicensee } from '@dash/shared-ui';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';

const SCRIPT_ID = 'support-chat-script';

/**
 * Is the chat allowed on this path? Not on pages whose route switches it off (certificate, risk-action export
 * list), and not before the area owning the path has told us its routes, so that the script never starts loading
 * on such a page.
 */
function useChatAllowedHere(): boolean {
  const { pathname } = useLocation();
  const areas = useAreaStore((state) => state.areas);
  const area = areaOfPath(pathname);
  const status = area ? areas[area.name]?.status : 'ready';
  if (area && status !== 'ready' && status !== 'error') return false;
  const routes = Object.values(areas).flatMap((entry) => entry.registration?.routes ?? []);
  return !routes.some((route) => route.hideSupportChat && matchPath(route.path, pathname));
}

/**
 * The licensee's support chat: its vendor script loads only when the licensee configuration has a key and the
 * deployment names the script's URL (SUPPORT_CHAT_SCRIPT_URL). Leaving for a page without chat removes it.
 */
export function SupportChat() {
  const licensee = useLicensee();
  const allowed = useChatAllowedHere();
  const key = licensee?.supportChatKey;
  const url = licensee?.supportChatScriptUrl;

  useEffect(() => {
    if (!key || !url || !allowed) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    script.dataset.key = key;
    document.body.append(script);
    return () => {
      script.remove();
      // The vendor widget puts its own element into the page (marked data-support-chat); it goes with the script.
      for (const element of document.querySelectorAll('[data-support-chat]')) element.remove();
    };
  }, [key, url, allowed]);

  return null;
}
