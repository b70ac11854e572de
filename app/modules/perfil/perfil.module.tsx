import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';

const UserProfilePage = lazy(() => import('./user-profile-page.tsx').then((module) => ({ default: module.UserProfilePage })));
const CompanyProfilePage = lazy(() => import('./company-profile-page.tsx').then((module) => ({ default: module.CompanyProfilePage })));

/** Every signed-in person reaches their own profile; the company profile checks its permission on the page. */
export default defineAppModule({
  screens: () => [screen(paths.perfil.usuario.path, <UserProfilePage />), screen(paths.perfil.empresa.path, <CompanyProfilePage />)],
});
