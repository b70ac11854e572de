import { useCallback, useState } from 'react';
import { useMediaQuery } from '#app/ui/use-media-query.ts';

export const PHONE_QUERY = '(max-width: 767px)';
const HIDDEN = 2;

/**
 * The spec's menu click counter: 0 shows rail and drawer, 1 the rail only, 2 hides both. On phones the menu
 * overlays the screen, so it starts hidden there.
 */
export function useDrawerState() {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [clicks, setClicks] = useState(() => (window.matchMedia(PHONE_QUERY).matches ? HIDDEN : 0));

  const toggle = useCallback(() => setClicks((count) => (count + 1) % 3), []);
  const hide = useCallback(() => setClicks(HIDDEN), []);

  return { isPhone, showRail: clicks < HIDDEN, showDrawer: clicks === 0, toggle, hide };
}
