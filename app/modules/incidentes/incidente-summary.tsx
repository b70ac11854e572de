import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { CRITERIOS_GRAVEDAD, type CriterioGravedad } from '#sync/domain/legal-clock.ts';
import { DEFAULT_RISK_MATRIX, weightingName } from '#sync/domain/risk-matrix.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { Fragment } from 'react';
import type { LocalIncidente } from '#app/db/incident-rows.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PhotoThumbnails } from '#app/ui/photo-thumbnails.tsx';
import { useCaseFileUrls } from './use-case-files.ts';

type Line = [label: string, value: string];

function Fields({ lines }: { lines: Line[] }) {
  return (
    <dl className="record-fields">
      {lines.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** What was reported and investigated of a case, in the form's order, with its evidence and statements. */
export function CaseSummary({ incident, names }: { incident: LocalIncidente; names: ReadonlyMap<string, string> }) {
  const session = useRequiredSession();
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  const list = (ids: readonly string[]) => ids.map((id) => names.get(id)).filter(Boolean).join('; ');
  const photos = incident.Evidencias.filter((evidence) => evidence.Archivo.Tipo.startsWith('image/'));
  const documents = incident.Evidencias.filter((evidence) => !evidence.Archivo.Tipo.startsWith('image/'));
  const urls = useCaseFileUrls(incident.IdEmpresa, incident.IdEvaluacion, photos.map((evidence) => evidence.Archivo));
  const event: Line[] = [
    ['Fecha y hora', `${formatDisplayDate(incident.FechaOcurrencia)} ${incident.HoraOcurrencia.slice(0, 5)}`],
    ['Lugar', incident.Lugar],
    [levelName(session, 2), name(incident.IdNivel2)],
    [levelName(session, 3), name(incident.IdNivel3)],
    ['Proceso de la faena', incident.ProcesoFaena],
    ['Equipo de trabajo', incident.EquipoTrabajo],
    ['Tipo de evento', name(incident.TipoEvento)],
    ['Fuente del evento', name(incident.FuenteEvento)],
    ['Agente del evento', name(incident.AgenteEvento)],
    ['Criterios de gravedad', incident.CriteriosGravedad.map((key) => CRITERIOS_GRAVEDAD[key as CriterioGravedad]).join('; ')],
    ['Reportado por', `${incident.NombreInformador}${incident.CreadoEn ? ` · ${formatDisplayInstant(incident.CreadoEn)}` : ''}`],
  ];
  const injured: Line[] = [
    ['Nombre', incident.NombreAccidentado],
    ['Rut', incident.Rut ? formatRut(incident.Rut) : ''],
    ['Cargo', incident.Cargo],
    ['Edad', incident.Edad === null ? '' : `${incident.Edad} años`],
    ['Antigüedad en el cargo', incident.AntiguedadCargo],
    ['Empresa contratista', incident.RutContratista ? formatRut(incident.RutContratista) : 'Propia'],
    ['Fecha de alta', formatDisplayDate(incident.FechaAlta)],
    ['Días perdidos', incident.DiasPerdidos === null ? '' : String(incident.DiasPerdidos)],
  ];
  const investigation: Line[] = [
    ['Tipo de lesión', name(incident.TipoLesion)],
    ['Parte del cuerpo', name(incident.ParteCuerpo)],
    ['Equipo involucrado', name(incident.Equipo)],
    ['Descripción', incident.Descripcion],
    ['Actos subestándares', list(incident.ActosSubestandar)],
    ['Condiciones subestándares', list(incident.CondicionSubestandar)],
    ['Factores', list(incident.Factores)],
    ['Causas básicas', list(incident.CausasBasicas)],
    ['Ítems de las causas básicas', list(incident.ItemCausasBasicas)],
    ['Falta de control', list(incident.FaltaControl)],
    ['Riesgo específico', name(incident.IdRiesgoEspecifico)],
    ['Probabilidad', weightingName(incident.Probabilidad, DEFAULT_RISK_MATRIX.Probabilidades)],
    ['Consecuencia', weightingName(incident.Consecuencia, DEFAULT_RISK_MATRIX.Consecuencias)],
    ['Nivel de riesgo', incident.NivelRiesgo ? `${incident.NivelRiesgo} (${incident.ValorRiesgo})` : ''],
    ['Investigadores', incident.Investigadores.map((investigator) => investigator.Nombre).join('; ')],
  ];
  return (
    <>
      <CardSection id="incidente-evento" title="El evento">
        <Fields lines={event} />
      </CardSection>
      {incident.NombreAccidentado && (
        <CardSection id="incidente-accidentado" title="Persona afectada">
          <Fields lines={injured} />
        </CardSection>
      )}
      <CardSection id="incidente-investigacion" title="Investigación">
        <Fields lines={investigation} />
      </CardSection>
      <CardSection id="incidente-evidencia" title="Evidencias y declaraciones">
        {incident.Evidencias.length === 0 && <p className="muted">Sin evidencias.</p>}
        <PhotoThumbnails refs={photos.map((evidence) => evidence.Archivo)} urls={urls} label="Fotos de la evidencia" />
        {documents.length > 0 && <p>Documentos: {documents.map((evidence) => evidence.Nombre).join(', ')}</p>}
        {incident.Declaraciones.map((declaration) => (
          <p key={declaration.IdDeclaracion}>
            <strong>{declaration.Nombre}</strong>
            {declaration.Calidad ? ` (${declaration.Calidad})` : ''}: {declaration.Texto}
          </p>
        ))}
      </CardSection>
    </>
  );
}
