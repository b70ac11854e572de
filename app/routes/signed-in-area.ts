import { preloadableLazy } from '#app/ui/preloadable-lazy.ts';

/**
 * Everything of a signed-in person (app/signed-in-app.tsx), loaded apart from the sign-in screen. Loaded ahead when
 * it is about to be needed (a session is stored at start, the sign-in form is sent), so it renders without
 * suspending: a suspended screen is revealed no sooner than 300 ms after its fallback (React's throttle).
 */
export const { Component: SignedInArea, preload: preloadSignedInArea } = preloadableLazy(() =>
  import('#app/signed-in-app.tsx').then((module) => module.SignedInApp),
);
