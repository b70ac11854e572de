import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { CLASIFICACION_TRAYECTO } from '#sync/domain/incident-form.ts';
import { GRAVEDAD_LABELS } from '#sync/domain/legal-clock.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { Fragment, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LocalIncidente } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordMissing } from '#app/ui/records/record-missing.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { updateIncident } from './incidente-writes.ts';
import { useIncidentLookups } from './use-incident-lookups.ts';
import './diat-draft.css';

/** A line of the DIAT: filled from our data, or typed (kept in the case's `DatosDiat`) where we lack it. */
type DiatLine = { label: string } & ({ known: string } | { typed: string });

function zones(
  incident: LocalIncidente,
  company: { Nombre: string; Rut: string },
  names: ReadonlyMap<string, string>,
  reporter: string,
): { title: string; lines: DiatLine[] }[] {
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  return [
    {
      title: 'A. Identificación del empleador',
      lines: [
        { label: 'Razón social', known: company.Nombre },
        { label: 'RUT del empleador', known: formatRut(company.Rut) },
        { label: 'Dirección', typed: 'direccionEmpleador' },
        { label: 'Comuna', typed: 'comunaEmpleador' },
        { label: 'Actividad económica', typed: 'actividadEconomica' },
        { label: 'N° de trabajadores', typed: 'numeroTrabajadores' },
        { label: 'Organismo administrador', ...(incident.Mutualidad ? { known: incident.Mutualidad } : { typed: 'mutualidad' }) },
      ],
    },
    {
      title: 'B. Identificación del trabajador',
      lines: [
        { label: 'Nombre', known: incident.NombreAccidentado },
        { label: 'RUT', known: incident.Rut ? formatRut(incident.Rut) : '' },
        { label: 'Fecha de nacimiento', typed: 'fechaNacimiento' },
        { label: 'Edad', ...(incident.Edad !== null ? { known: `${incident.Edad} años` } : { typed: 'edad' }) },
        { label: 'Sexo', typed: 'sexo' },
        { label: 'Nacionalidad', typed: 'nacionalidad' },
        { label: 'Dirección', typed: 'direccionTrabajador' },
        { label: 'Teléfono', typed: 'telefonoTrabajador' },
        { label: 'Profesión u oficio', known: incident.Cargo },
        {
          label: 'Antigüedad en la empresa',
          ...(incident.AntiguedadCargo ? { known: incident.AntiguedadCargo } : { typed: 'antiguedad' }),
        },
        { label: 'Tipo de contrato', typed: 'tipoContrato' },
        { label: 'Empresa contratista', known: incident.RutContratista ? formatRut(incident.RutContratista) : 'No' },
      ],
    },
    {
      title: 'C. Datos del accidente',
      lines: [
        { label: 'Fecha y hora', known: `${formatDisplayDate(incident.FechaOcurrencia)} ${incident.HoraOcurrencia.slice(0, 5)}` },
        { label: 'Lugar', known: [incident.Lugar, name(incident.IdNivel2), name(incident.IdNivel3)].filter(Boolean).join(', ') },
        { label: 'Dirección del lugar', typed: 'direccionAccidente' },
        { label: 'Qué hacía el trabajador', typed: 'queHacia' },
        { label: 'Qué ocurrió', ...(incident.Descripcion ? { known: incident.Descripcion } : { typed: 'queOcurrio' }) },
        { label: 'Tipo de accidente', known: incident.Clasificacion === CLASIFICACION_TRAYECTO ? 'Trayecto' : 'Trabajo' },
        ...(incident.Clasificacion === CLASIFICACION_TRAYECTO
          ? [{ label: 'Medio de prueba', ...(incident.MedioPrueba ? { known: incident.MedioPrueba } : { typed: 'medioPrueba' }) }]
          : []),
        { label: 'Lesión', known: [name(incident.TipoLesion), name(incident.ParteCuerpo)].filter(Boolean).join(' en ') },
        { label: 'Gravedad', known: GRAVEDAD_LABELS[incident.Gravedad] },
        {
          label: 'Testigos',
          ...(incident.Declaraciones.length
            ? { known: incident.Declaraciones.map((declaration) => declaration.Nombre).join(', ') }
            : { typed: 'testigos' }),
        },
      ],
    },
    {
      title: 'D. Denunciante',
      lines: [
        { label: 'Nombre', known: reporter },
        { label: 'Fecha en que la empresa supo del accidente', known: formatDisplayInstant(incident.FechaConocimiento) },
      ],
    },
  ];
}

/**
 * The DIAT draft of a case (Denuncia Individual de Accidente del Trabajo): the employer, worker and accident zones
 * filled from our data, typed where we lack it (saved with the case), printable to take to the mutualidad.
 */
export function DiatDraftPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const record = useRecord('incidentes', id);
  const lookups = useIncidentLookups();
  const incident = record.status === 'encontrado' ? record.row : null;
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  if (record.status === 'cargando' || !lookups) return <PageLoading />;
  const values = typed ?? incident?.DatosDiat ?? {};
  const canSave = !isContractorUser(session) && hasPermission(session, paths.incidentes.list.href, 'editar') && incident?.Estado === 1;

  const save = async () => {
    if (!incident || !typed) return;
    const changed = await updateIncident(incident, {
      DatosDiat: Object.fromEntries(Object.entries(typed).filter(([, value]) => value.trim() !== '')),
    });
    setTyped(null);
    showSaved(changed ? 'Datos de la DIAT guardados' : 'No hay cambios que guardar');
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading
          parentHref={paths.incidentes.detalles.href(id)}
          parentLabel={incident ? `Accidente N° ${incident.IdAccidente}` : 'Incidentes'}
          title="Borrador de la DIAT"
        />
        {!incident ? (
          <RecordMissing table="incidentes" lookup={record} />
        ) : (
          <>
            <p className="muted diat-screen-only">
              Lo que falta en nuestros datos se escribe aquí y se guarda con el caso. Imprime el borrador para presentarlo a la mutualidad.
            </p>
            <article className="card diat-print" aria-labelledby="diat-title">
              <h2 id="diat-title">Denuncia Individual de Accidente del Trabajo (borrador)</h2>
              <p className="muted">Accidente N° {incident.IdAccidente}</p>
              {zones(
                incident,
                { Nombre: session.empresa.NombreEmpresa, Rut: session.empresa.RutEmpresa },
                lookups.names,
                fullName(session),
              ).map((zone) => (
                <section key={zone.title} className="diat-zone" aria-label={zone.title}>
                  <h3>{zone.title}</h3>
                  <dl>
                    {zone.lines.map((line) => (
                      <Fragment key={line.label}>
                        <dt>{'typed' in line ? <label htmlFor={`diat-${line.typed}`}>{line.label}</label> : line.label}</dt>
                        <dd>
                          {'known' in line ? (
                            line.known || '—'
                          ) : (
                            <input
                              id={`diat-${line.typed}`}
                              value={values[line.typed] ?? ''}
                              readOnly={!canSave}
                              onChange={(event) => setTyped({ ...values, [line.typed]: event.target.value })}
                            />
                          )}
                        </dd>
                      </Fragment>
                    ))}
                  </dl>
                </section>
              ))}
            </article>
            <div className="button-row diat-screen-only">
              {canSave && (
                <IonButton onClick={() => void save()} disabled={!typed}>
                  Guardar datos
                </IonButton>
              )}
              <IonButton fill="outline" color="dark" onClick={() => window.print()}>
                Imprimir borrador
              </IonButton>
            </div>
          </>
        )}
      </div>
    </PageContent>
  );
}
