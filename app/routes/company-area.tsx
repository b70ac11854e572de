import { IonRouterOutlet } from '@ionic/react';
import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { homeOf, useCurrentSystem } from '#app/session/current-system.ts';
import { useSessionCheck } from '#app/session/use-session-check.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { AppShell } from '#app/ui/shell/app-shell.tsx';
import { HomePage } from '#app/pages/home-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { formulariosScreens } from '#app/modules/formularios/formularios-screens.tsx';
import { inspeccionesScreens } from '#app/modules/inspecciones/inspecciones-screens.tsx';
import { observacionesScreens } from '#app/modules/inspecciones/observaciones-screens.tsx';
import { capacitacionesScreens } from '#app/modules/capacitaciones/capacitaciones-screens.tsx';
import { eppScreens } from '#app/modules/epp/epp-screens.tsx';
import { incidentesScreens } from '#app/modules/incidentes/incidentes-screens.tsx';
import { LEVEL_PATHS, paths } from './paths.ts';
import { recordScreens, screen } from './route-screens.tsx';
import { RoutePage } from './route-page.tsx';

const UserProfilePage = lazy(() => import('#app/modules/perfil/user-profile-page.tsx').then((module) => ({ default: module.UserProfilePage })));
const CompanyProfilePage = lazy(() =>
  import('#app/modules/perfil/company-profile-page.tsx').then((module) => ({ default: module.CompanyProfilePage })),
);
const InspectorAccessPage = lazy(() =>
  import('#app/modules/fiscales/inspector-access-page.tsx').then((module) => ({ default: module.InspectorAccessPage })),
);
const TrabajadoresListPage = lazy(() =>
  import('#app/modules/trabajadores/trabajadores-list-page.tsx').then((module) => ({ default: module.TrabajadoresListPage })),
);
const TrabajadorFormPage = lazy(() =>
  import('#app/modules/trabajadores/trabajador-form-page.tsx').then((module) => ({ default: module.TrabajadorFormPage })),
);
// The worker's record joins what other modules know of the worker (their trainings): a composition of app/pages.
const TrabajadorDetailPage = lazy(() => import('#app/pages/trabajador-record-page.tsx').then((module) => ({ default: module.TrabajadorRecordPage })));
const CargosListPage = lazy(() => import('#app/modules/cargos/cargos-screens.tsx').then((module) => ({ default: module.CargosListPage })));
const CargoFormPage = lazy(() => import('#app/modules/cargos/cargos-screens.tsx').then((module) => ({ default: module.CargoFormPage })));
const CargoDetailPage = lazy(() => import('#app/modules/cargos/cargos-screens.tsx').then((module) => ({ default: module.CargoDetailPage })));
const NivelesListPage = lazy(() => import('#app/modules/niveles/niveles-screens.tsx').then((module) => ({ default: module.NivelesListPage })));
const NivelFormPage = lazy(() => import('#app/modules/niveles/niveles-screens.tsx').then((module) => ({ default: module.NivelFormPage })));
const NivelDetailPage = lazy(() => import('#app/modules/niveles/niveles-screens.tsx').then((module) => ({ default: module.NivelDetailPage })));
const certificaciones = () => import('#app/modules/certificaciones/certificaciones-screens.tsx');
const CertificacionesListPage = lazy(() => certificaciones().then((module) => ({ default: module.CertificacionesListPage })));
const CertificacionFormPage = lazy(() => certificaciones().then((module) => ({ default: module.CertificacionFormPage })));
const CertificacionDetailPage = lazy(() => certificaciones().then((module) => ({ default: module.CertificacionDetailPage })));
const actividades = () => import('#app/modules/actividades-economicas/actividades-economicas-screens.tsx');
const ActividadesListPage = lazy(() => actividades().then((module) => ({ default: module.ActividadesListPage })));
const ActividadFormPage = lazy(() => actividades().then((module) => ({ default: module.ActividadFormPage })));
const ActividadDetailPage = lazy(() => actividades().then((module) => ({ default: module.ActividadDetailPage })));
const UsuariosListPage = lazy(() => import('#app/modules/usuarios/usuarios-list-page.tsx').then((module) => ({ default: module.UsuariosListPage })));
const UsuarioFormPage = lazy(() => import('#app/modules/usuarios/usuario-form-page.tsx').then((module) => ({ default: module.UsuarioFormPage })));
const UsuarioDetailPage = lazy(() => import('#app/modules/usuarios/usuario-detail-page.tsx').then((module) => ({ default: module.UsuarioDetailPage })));
const AuditoriaPage = lazy(() => import('#app/modules/usuarios/auditoria-page.tsx').then((module) => ({ default: module.AuditoriaPage })));
const RolesListPage = lazy(() => import('#app/modules/roles/roles-list-page.tsx').then((module) => ({ default: module.RolesListPage })));
const RolFormPage = lazy(() => import('#app/modules/roles/rol-form-page.tsx').then((module) => ({ default: module.RolFormPage })));
const RolDetailPage = lazy(() => import('#app/modules/roles/rol-detail-page.tsx').then((module) => ({ default: module.RolDetailPage })));
const ContratistasListPage = lazy(() => import('#app/modules/empresa-contratistas/contratistas-screens.tsx').then((module) => ({ default: module.ContratistasListPage })));
const ContratistaFormPage = lazy(() => import('#app/modules/empresa-contratistas/contratistas-screens.tsx').then((module) => ({ default: module.ContratistaFormPage })));
const ContratistaDetailPage = lazy(() => import('#app/modules/empresa-contratistas/contratistas-screens.tsx').then((module) => ({ default: module.ContratistaDetailPage })));
const ClientesListPage = lazy(() => import('#app/modules/clientes/clientes-screens.tsx').then((module) => ({ default: module.ClientesListPage })));
const ClienteFormPage = lazy(() => import('#app/modules/clientes/clientes-screens.tsx').then((module) => ({ default: module.ClienteFormPage })));
const ClienteDetailPage = lazy(() => import('#app/modules/clientes/clientes-screens.tsx').then((module) => ({ default: module.ClienteDetailPage })));
const ReportPage = lazy(() => import('#app/pages/report-page.tsx').then((module) => ({ default: module.ReportPage })));
const SincronizacionPage = lazy(() =>
  import('#app/modules/sincronizacion/sincronizacion-page.tsx').then((module) => ({ default: module.SincronizacionPage })),
);

/** Signed in as a company user: the shell around the company routes (spec 2.3). */
export function CompanyArea() {
  const session = useRequiredSession();
  const { system } = useCurrentSystem(session);
  useSessionCheck();

  return (
    <AppShell session={session}>
      <IonRouterOutlet animated={false}>
        <Route
          path={paths.dashboard.path}
          element={
            <RoutePage>
              <HomePage />
            </RoutePage>
          }
        />
        <Route
          path={paths.perfil.usuario.path}
          element={
            <RoutePage>
              <UserProfilePage />
            </RoutePage>
          }
        />
        <Route
          path={paths.perfil.empresa.path}
          element={
            <RoutePage>
              <CompanyProfilePage />
            </RoutePage>
          }
        />
        {screen(paths.perfil.fiscalizaciones.path, <InspectorAccessPage />, paths.perfil.empresa.href)}
        {recordScreens(paths.trabajadores, { list: <TrabajadoresListPage />, form: <TrabajadorFormPage />, detail: <TrabajadorDetailPage /> })}
        {recordScreens(paths.certificaciones, { list: <CertificacionesListPage />, form: <CertificacionFormPage />, detail: <CertificacionDetailPage /> })}
        {recordScreens(paths.actividadesEconomicas, { list: <ActividadesListPage />, form: <ActividadFormPage />, detail: <ActividadDetailPage /> })}
        {recordScreens(paths.cargos, { list: <CargosListPage />, form: <CargoFormPage />, detail: <CargoDetailPage /> })}
        {([2, 3, 4] as const).flatMap((type) =>
          recordScreens(LEVEL_PATHS[type], { list: <NivelesListPage type={type} />, form: <NivelFormPage type={type} />, detail: <NivelDetailPage type={type} /> }),
        )}
        {screen(paths.sincronizacion.path, <SincronizacionPage />)}
        {inspeccionesScreens()}
        {observacionesScreens()}
        {formulariosScreens()}
        {capacitacionesScreens()}
        {eppScreens()}
        {incidentesScreens()}
        {screen(paths.pdf.report.path, <ReportPage />)}
        {screen(paths.usuarios.list.path, <UsuariosListPage />, paths.usuarios.list.href)}
        {screen(paths.usuarios.nuevo.path, <UsuarioFormPage />, paths.usuarios.list.href)}
        {screen(paths.usuarios.editar.path, <UsuarioFormPage />, paths.usuarios.list.href)}
        {screen(paths.usuarios.detalles.path, <UsuarioDetailPage />, paths.usuarios.list.href)}
        {screen(paths.auditoria.path, <AuditoriaPage />, paths.auditoria.href)}
        {recordScreens(paths.roles, { list: <RolesListPage />, form: <RolFormPage />, detail: <RolDetailPage /> })}
        {recordScreens(paths.empresaContratistas, { list: <ContratistasListPage />, form: <ContratistaFormPage />, detail: <ContratistaDetailPage /> })}
        {recordScreens(paths.clientes, { list: <ClientesListPage />, form: <ClienteFormPage />, detail: <ClienteDetailPage /> })}
        <Route path={paths.inicio.path} element={<Navigate to={homeOf(system)} replace />} />
        <Route path={paths.root.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route path={paths.login.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route path={paths.forgotPassword.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route
          path="*"
          element={
            <RoutePage>
              <NotFoundPage />
            </RoutePage>
          }
        />
      </IonRouterOutlet>
    </AppShell>
  );
}
