import { defineCatalogue } from '../records/catalogue-family.ts';
import { ACCIDENT_CATALOGUE_ROUTES } from './incidentes-catalogos.routes.ts';

/**
 * The accident catalogues (spec 2.3 routes, part 2 "Accidents" calls), one declaration each. Route -> call -> table
 * is written in server/modules/incidentes/README.md: where the spec has a route without a call (fuente-evento,
 * condiciones-subestandares) the call follows its siblings; where names differ (parte-cuerpo and
 * parte-cuerpo-lesionada) the screen keeps the route's name and the API the call's.
 */
const base = '/api/accidentes' as const;

export const FACTOR_KINDS = ['Personal', 'Trabajo'] as const;

export const actosSubestandaresEntity = defineCatalogue({
  table: 'actos_subestandares',
  noun: { one: 'acto subestándar', many: 'actos subestándares' },
  route: ACCIDENT_CATALOGUE_ROUTES.actos_subestandares,
  base,
  call: 'actos-subestandares',
  label: 'Acto subestándar',
  pullOrder: 1,
  deviceSince: 8,
});

export const condicionesSubestandaresEntity = defineCatalogue({
  table: 'condiciones_subestandares',
  noun: { one: 'condición subestándar', many: 'condiciones subestándares', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.condiciones_subestandares,
  base,
  call: 'causas-inmediatas',
  // Immediate causes are read and written by kind (spec: causas-inmediatas {company}/{tipo}); the acts have calls of their own.
  paths: { list: '/causas-inmediatas/:company/condicion', detail: '/causas-inmediatas/one/:Id/:company', create: '/causas-inmediatas/:company/condicion', update: '/causas-inmediatas/:company/condicion' },
  label: 'Condición subestándar',
  pullOrder: 1,
  deviceSince: 8,
});

export const tiposEventoEntity = defineCatalogue({
  table: 'tipos_evento',
  noun: { one: 'tipo de evento', many: 'tipos de evento' },
  route: ACCIDENT_CATALOGUE_ROUTES.tipos_evento,
  base,
  call: 'tipo-evento',
  label: 'Tipo de evento',
  pullOrder: 1,
  deviceSince: 8,
});

export const tiposAgenteEntity = defineCatalogue({
  table: 'tipos_agente',
  noun: { one: 'tipo de agente', many: 'tipos de agente' },
  route: ACCIDENT_CATALOGUE_ROUTES.tipos_agente,
  base,
  call: 'tipo-agente',
  label: 'Tipo de agente',
  pullOrder: 1,
  deviceSince: 8,
});

export const itemsAgenteEntity = defineCatalogue({
  table: 'items_agente',
  noun: { one: 'ítem de agente', many: 'ítems de agente' },
  route: ACCIDENT_CATALOGUE_ROUTES.items_agente,
  base,
  call: 'item-agente',
  label: 'Ítem de agente',
  parent: { field: 'IdTipoAgente', table: 'tipos_agente', label: 'Tipo de agente', message: 'El tipo de agente indicado no existe' },
  pullOrder: 2,
  deviceSince: 8,
});

export const faltasControlEntity = defineCatalogue({
  table: 'faltas_control',
  noun: { one: 'falta de control', many: 'faltas de control', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.faltas_control,
  base,
  call: 'falta-control',
  label: 'Falta de control',
  pullOrder: 1,
  deviceSince: 8,
});

export const tiposLesionEntity = defineCatalogue({
  table: 'tipos_lesion',
  noun: { one: 'tipo de lesión', many: 'tipos de lesión' },
  route: ACCIDENT_CATALOGUE_ROUTES.tipos_lesion,
  base,
  call: 'tipo-lesion',
  label: 'Tipo de lesión',
  pullOrder: 1,
  deviceSince: 8,
});

export const partesCuerpoEntity = defineCatalogue({
  table: 'partes_cuerpo',
  noun: { one: 'parte del cuerpo', many: 'partes del cuerpo', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.partes_cuerpo,
  base,
  call: 'parte-cuerpo-lesionada',
  label: 'Parte del cuerpo',
  pullOrder: 1,
  deviceSince: 8,
});

export const factoresEntity = defineCatalogue({
  table: 'factores',
  noun: { one: 'factor', many: 'factores' },
  route: ACCIDENT_CATALOGUE_ROUTES.factores,
  base,
  call: 'factores',
  label: 'Factor',
  kinds: FACTOR_KINDS,
  kindLabel: 'Tipo de factor',
  pullOrder: 1,
  deviceSince: 8,
});

export const causasBasicasEntity = defineCatalogue({
  table: 'causas_basicas',
  noun: { one: 'causa básica', many: 'causas básicas', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.causas_basicas,
  base,
  call: 'causasbasicas',
  label: 'Causa básica',
  parent: { field: 'IdFactor', table: 'factores', label: 'Factor', message: 'El factor indicado no existe' },
  pullOrder: 2,
  deviceSince: 8,
});

export const itemsCausasBasicasEntity = defineCatalogue({
  table: 'items_causas_basicas',
  noun: { one: 'ítem de causa básica', many: 'ítems de causas básicas' },
  route: ACCIDENT_CATALOGUE_ROUTES.items_causas_basicas,
  base,
  call: 'item-causas-basicas',
  label: 'Ítem de causa básica',
  parent: { field: 'IdCausaBasica', table: 'causas_basicas', label: 'Causa básica', message: 'La causa básica indicada no existe' },
  pullOrder: 3,
  deviceSince: 8,
});

export const fuentesEventoEntity = defineCatalogue({
  table: 'fuentes_evento',
  noun: { one: 'fuente del evento', many: 'fuentes del evento', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.fuentes_evento,
  base,
  call: 'fuente-evento',
  label: 'Fuente del evento',
  pullOrder: 1,
  deviceSince: 8,
});

export const agentesEventoEntity = defineCatalogue({
  table: 'agentes_evento',
  noun: { one: 'agente del evento', many: 'agentes del evento' },
  route: ACCIDENT_CATALOGUE_ROUTES.agentes_evento,
  base,
  call: 'agente-evento',
  label: 'Agente del evento',
  pullOrder: 1,
  deviceSince: 8,
});

export const familiasRiesgoEntity = defineCatalogue({
  table: 'familias_riesgo',
  noun: { one: 'familia de riesgo', many: 'familias de riesgo', feminine: true },
  route: ACCIDENT_CATALOGUE_ROUTES.familias_riesgo,
  base,
  call: 'familia-riesgo',
  label: 'Familia de riesgo',
  pullOrder: 1,
  deviceSince: 8,
});

export const riesgosEspecificosEntity = defineCatalogue({
  table: 'riesgos_especificos',
  noun: { one: 'riesgo específico', many: 'riesgos específicos' },
  route: ACCIDENT_CATALOGUE_ROUTES.riesgos_especificos,
  base,
  call: 'riesgo-especifico',
  label: 'Riesgo específico',
  parent: { field: 'IdFamiliaRiesgo', table: 'familias_riesgo', label: 'Familia de riesgo', message: 'La familia de riesgo indicada no existe' },
  pullOrder: 2,
  deviceSince: 8,
});

/** Every accident catalogue by table: spread into ENTITIES, so each is a described record like any other. */
export const ACCIDENT_CATALOGUES = {
  actos_subestandares: actosSubestandaresEntity,
  condiciones_subestandares: condicionesSubestandaresEntity,
  tipos_evento: tiposEventoEntity,
  tipos_agente: tiposAgenteEntity,
  items_agente: itemsAgenteEntity,
  faltas_control: faltasControlEntity,
  tipos_lesion: tiposLesionEntity,
  partes_cuerpo: partesCuerpoEntity,
  factores: factoresEntity,
  causas_basicas: causasBasicasEntity,
  items_causas_basicas: itemsCausasBasicasEntity,
  fuentes_evento: fuentesEventoEntity,
  agentes_evento: agentesEventoEntity,
  familias_riesgo: familiasRiesgoEntity,
  riesgos_especificos: riesgosEspecificosEntity,
} as const;

export type AccidentCatalogueTable = keyof typeof ACCIDENT_CATALOGUES;
export const ACCIDENT_CATALOGUE_TABLES = Object.keys(ACCIDENT_CATALOGUES) as AccidentCatalogueTable[];
