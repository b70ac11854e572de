import { EPP_CONSULTAS } from '#sync/schemas/epp-consultas.schema.ts';
import { lazy, type ReactElement } from 'react';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';

const tipos = () => import('./epp-tipos-screens.tsx');
const EppTiposListPage = lazy(() => tipos().then((module) => ({ default: module.EppTiposListPage })));
const EppTipoFormPage = lazy(() => tipos().then((module) => ({ default: module.EppTipoFormPage })));
const EppTipoDetailPage = lazy(() => tipos().then((module) => ({ default: module.EppTipoDetailPage })));
const EppTiposCargaPage = lazy(() => import('./epp-tipos-carga-page.tsx').then((module) => ({ default: module.EppTiposCargaPage })));
const EppTiposNewPage = lazy(() => import('./epp-tipos-new-page.tsx').then((module) => ({ default: module.EppTiposNewPage })));
const asignacion = () => import('./epp-asignacion-screens.tsx');
const EppAsignacionListPage = lazy(() => asignacion().then((module) => ({ default: module.EppAsignacionListPage })));
const EppAsignacionFormPage = lazy(() => asignacion().then((module) => ({ default: module.EppAsignacionFormPage })));
const EppAsignacionDetailPage = lazy(() => asignacion().then((module) => ({ default: module.EppAsignacionDetailPage })));
const EppEntregasListPage = lazy(() => import('./epp-entregas-list-page.tsx').then((module) => ({ default: module.EppEntregasListPage })));
const EppEntregaNewPage = lazy(() => import('./epp-entrega-new-page.tsx').then((module) => ({ default: module.EppEntregaNewPage })));
const EppCrewPage = lazy(() => import('./epp-crew-page.tsx').then((module) => ({ default: module.EppCrewPage })));
const EppActaDetailPage = lazy(() => import('./epp-acta-detail-page.tsx').then((module) => ({ default: module.EppActaDetailPage })));
const EppSolicitudesListPage = lazy(() =>
  import('./solicitudes-list-page.tsx').then((module) => ({ default: module.EppSolicitudesListPage })),
);
const EppSolicitudDetailPage = lazy(() =>
  import('./solicitudes-detail-page.tsx').then((module) => ({ default: module.EppSolicitudDetailPage })),
);
const EppSolicitudFormPage = lazy(() => import('./solicitudes-form-page.tsx').then((module) => ({ default: module.EppSolicitudFormPage })));
const EppDashboardPage = lazy(() => import('./epp-dashboard.tsx').then((module) => ({ default: module.EppDashboardPage })));
const EppConsultaPage = lazy(() => import('./epp-consulta-page.tsx').then((module) => ({ default: module.EppConsultaPage })));
const EppInformeSatPage = lazy(() => import('./epp-informe-sat-page.tsx').then((module) => ({ default: module.EppInformeSatPage })));

/**
 * The routes of this module inside the company area (spec 2.3: epp tipos, asignacion and entregados, each with list,
 * nuevo, editar/{id} and detalles/{id}). A delivery's editar/{id} continues a crew being signed on this device: a
 * sealed acta is never edited.
 */
export function eppScreens(): ReactElement[] {
  const { eppTipos, eppAsignacion, eppEntregados } = paths;
  return [
    screen(eppTipos.list.path, <EppTiposListPage />, eppTipos.list.href),
    screen(eppTipos.nuevo.path, <EppTiposNewPage />, eppTipos.list.href),
    screen(eppTipos.editar.path, <EppTipoFormPage />, eppTipos.list.href),
    screen(eppTipos.detalles.path, <EppTipoDetailPage />, eppTipos.list.href),
    screen(eppTipos.carga.path, <EppTiposCargaPage />, eppTipos.list.href),
    screen(eppAsignacion.list.path, <EppAsignacionListPage />, eppAsignacion.list.href),
    screen(eppAsignacion.nuevo.path, <EppAsignacionFormPage />, eppAsignacion.list.href),
    screen(eppAsignacion.editar.path, <EppAsignacionFormPage />, eppAsignacion.list.href),
    screen(eppAsignacion.detalles.path, <EppAsignacionDetailPage />, eppAsignacion.list.href),
    screen(eppEntregados.list.path, <EppEntregasListPage />, eppEntregados.list.href),
    screen(eppEntregados.nuevo.path, <EppEntregaNewPage />, eppEntregados.list.href),
    screen(eppEntregados.editar.path, <EppCrewPage />, eppEntregados.list.href),
    screen(eppEntregados.detalles.path, <EppActaDetailPage />, eppEntregados.list.href),
    screen(paths.eppSolicitudes.list.path, <EppSolicitudesListPage />, paths.eppSolicitudes.list.href),
    screen(paths.eppSolicitudes.nuevo.path, <EppSolicitudFormPage />, paths.eppSolicitudes.list.href),
    screen(paths.eppSolicitudes.editar.path, <EppSolicitudFormPage />, paths.eppSolicitudes.list.href),
    screen(paths.eppSolicitudes.detalles.path, <EppSolicitudDetailPage />, paths.eppSolicitudes.list.href),
    // The dashboard's charts and echarts load only when the page opens.
    screen(paths.eppDashboard.path, <EppDashboardPage />, paths.eppDashboard.href),
    // The consultas (spec 2.3 epp/consultas/*) and the informe SAT, each behind its own permission route.
    ...EPP_CONSULTAS.map((kind) =>
      screen(paths.eppConsultas[kind].path, <EppConsultaPage key={kind} kind={kind} />, paths.eppConsultas[kind].href),
    ),
    screen(paths.eppInformeSat.path, <EppInformeSatPage />, paths.eppInformeSat.path),
  ];
}
