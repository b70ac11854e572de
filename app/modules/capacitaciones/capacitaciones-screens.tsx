import { lazy, type ReactElement } from 'react';
import { handleDiscardsOf } from '#app/data/local-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';
import { reopenRefusedAttendance } from './asistencia-finish.ts';

const tipos = () => import('./tipos-screens.tsx');
const TiposListPage = lazy(() => tipos().then((module) => ({ default: module.TiposListPage })));
const TipoFormPage = lazy(() => tipos().then((module) => ({ default: module.TipoFormPage })));
const TipoDetailPage = lazy(() => tipos().then((module) => ({ default: module.TipoDetailPage })));
const CategoriasPage = lazy(() => tipos().then((module) => ({ default: module.CategoriasPage })));
const programa = () => import('./programa-screens.tsx');
const ProgramaListPage = lazy(() => programa().then((module) => ({ default: module.ProgramaListPage })));
const ProgramaFormPage = lazy(() => programa().then((module) => ({ default: module.ProgramaFormPage })));
const ProgramaDetailPage = lazy(() => programa().then((module) => ({ default: module.ProgramaDetailPage })));
const SesionesListPage = lazy(() => import('./sesiones-list-page.tsx').then((module) => ({ default: module.SesionesListPage })));
const SesionFormPage = lazy(() => import('./sesion-form-page.tsx').then((module) => ({ default: module.SesionFormPage })));
const SesionDetailPage = lazy(() => import('./sesion-detail-page.tsx').then((module) => ({ default: module.SesionDetailPage })));
const AsistenciaPage = lazy(() => import('./asistencia-page.tsx').then((module) => ({ default: module.AsistenciaPage })));
const InformesPage = lazy(() => import('./informes-page.tsx').then((module) => ({ default: module.InformesPage })));
const DashboardPage = lazy(() =>
  import('./capacitaciones-dashboard.tsx').then((module) => ({ default: module.CapacitacionesDashboardPage })),
);

/** The routes of the trainings module inside the company area (registered by app/routes/company-area.tsx). */
export function capacitacionesScreens(): ReactElement[] {
  // Discarding a refused realisation in Sincronización reopens its attendance instead of losing it (SPEC TR5).
  handleDiscardsOf('capacitaciones', reopenRefusedAttendance);
  const { capacitaciones } = paths;
  const created = capacitaciones.creadas.list.href;
  const realised = capacitaciones.realizadas.list.href;
  return [
    screen(capacitaciones.categorias.path, <CategoriasPage />, capacitaciones.tipos.list.href),
    ...recordScreens(capacitaciones.tipos, { list: <TiposListPage />, form: <TipoFormPage />, detail: <TipoDetailPage /> }),
    ...recordScreens(capacitaciones.programa, { list: <ProgramaListPage />, form: <ProgramaFormPage />, detail: <ProgramaDetailPage /> }),
    ...recordScreens(capacitaciones.creadas, {
      list: <SesionesListPage realizadas={false} />,
      form: <SesionFormPage />,
      detail: <SesionDetailPage realizadas={false} />,
    }),
    screen(capacitaciones.asistencia.path, <AsistenciaPage />, created),
    screen(capacitaciones.realizadas.list.path, <SesionesListPage realizadas />, realised),
    screen(capacitaciones.realizadas.detalles.path, <SesionDetailPage realizadas />, realised),
    screen(capacitaciones.informes.path, <InformesPage />, capacitaciones.informes.href),
    screen(capacitaciones.dashboard.path, <DashboardPage />, capacitaciones.dashboard.href),
  ];
}
