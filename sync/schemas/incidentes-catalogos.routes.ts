/**
 * The accident catalogues' screens (spec 2.3 routes) by table, apart from their schemas: the app's route map needs
 * only these, and the sign-in screen loads the route map.
 */
export const ACCIDENT_CATALOGUE_ROUTES = {
  actos_subestandares: '/actos-subestandares',
  condiciones_subestandares: '/condiciones-subestandares',
  tipos_evento: '/tipo-evento',
  tipos_agente: '/tipo-agente',
  items_agente: '/item-agente',
  faltas_control: '/falta-control',
  tipos_lesion: '/tipo-lesion',
  partes_cuerpo: '/parte-cuerpo',
  factores: '/factores/tipos',
  causas_basicas: '/factores/causas-basicas',
  items_causas_basicas: '/factores/item-causas',
  fuentes_evento: '/fuente-evento',
  agentes_evento: '/agente-evento',
  familias_riesgo: '/familia-riesgo',
  riesgos_especificos: '/riesgo-especifico',
} as const;
