import { preloadableLazy } from '#app/ui/preloadable-lazy.ts';

/**
 * Everything of a signed-in person, loaded apart from the sign-in screen: Ionic's router with the areas it serves
 * (app/routes/signed-in-router.tsx) and the company user's app (app/signed-in-app.tsx). Loaded ahead when it is
 * about to be needed (a session is stored at start, the sign-in form is sent), so it renders without suspending: a
 * suspended screen is revealed no sooner than 300 ms after its fallback (React's throttle).
 */
export const { Component: SignedInRouter, preload: preloadSignedInRouter } = preloadableLazy(() =>
  import('./signed-in-router.tsx').then((module) => module.SignedInRouter),
);

export const { Component: SignedInArea, preload: preloadSignedInApp } = preloadableLazy(() =>
  import('#app/signed-in-app.tsx').then((module) => module.SignedInApp),
);

export const preloadSignedInArea = () => Promise.all([preloadSignedInRouter(), preloadSignedInApp()]).then(() => undefined);
