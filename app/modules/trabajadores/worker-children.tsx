import { DATE_PICKER_MIN, formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import {
  type Certificacion,
  CertificacionSchema,
  type Evidencia,
  EvidenciaSchema,
  type Licencia,
  LicenciaSchema,
} from '#sync/schemas/trabajadores.schema.ts';
import { useState } from 'react';
import * as v from 'valibot';
import type { LocalCargo, LocalRows } from '#app/db/reference-rows.ts';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { type ChildColumn, ChildListEditor, type NewChild } from './child-list-editor.tsx';

/** Chilean driving licence classes (Ley de Tránsito): professional A1–A5, non-professional B–F. */
export const LICENCE_CLASSES = ['A1', 'A2', 'A3', 'A4', 'A5', 'B', 'C', 'D', 'E', 'F'] as const;

/** Certifications and licences annulled on the server (Estado 0) are not shown. */
export function activeOnly<Child extends { Estado: 0 | 1 }>(rows: Child[]): Child[] {
  return rows.filter((row) => row.Estado === 1);
}

const cargoNameOf = (cargos: LocalCargo[] | undefined, id: string | null) =>
  cargos?.find((cargo) => cargo.IdCargo === id)?.NombreCargo || '—';

/** Caption, empty note, key and columns of each child list, shared by the form and the detail page. */
export function certificationTable(cargos: LocalCargo[] | undefined) {
  return {
    caption: 'Certificaciones del trabajador',
    empty: 'Sin certificaciones registradas.',
    rowKey: (row: Certificacion) => row.IdCertificacion,
    columns: [
      { header: 'Certificación', cell: (row) => row.Nombre },
      { header: 'Cargo', cell: (row) => cargoNameOf(cargos, row.IdCargo) },
      { header: 'Vence', cell: (row) => formatDisplayDate(row.FechaVencimiento) },
    ] as ChildColumn<Certificacion>[],
  };
}

export const LICENCE_TABLE = {
  caption: 'Licencias de conducir del trabajador',
  empty: 'Sin licencias registradas.',
  rowKey: (row: Licencia) => row.IdLicencia,
  columns: [
    { header: 'Clase', cell: (row) => row.Clase },
    { header: 'Vence', cell: (row) => formatDisplayDate(row.FechaVencimiento) },
  ] as ChildColumn<Licencia>[],
};

export const EVIDENCE_TABLE = {
  caption: 'Evidencias del trabajador',
  empty: 'Sin evidencias registradas.',
  rowKey: (row: Evidencia) => row.IdEvidencia,
  columns: [
    { header: 'Evidencia', cell: (row) => row.Nombre },
    { header: 'Fecha', cell: (row) => formatDisplayDate(row.Fecha) },
  ] as ChildColumn<Evidencia>[],
};

const filesCount: ChildColumn<{ Archivos: unknown[] }> = { header: 'Archivos', cell: (row) => row.Archivos.length };

interface ChildEditorProps<Child> {
  existing: Child[];
  added: NewChild<Child>[];
  locked: boolean;
  onChange: (added: NewChild<Child>[]) => void;
}

const certification = CertificacionSchema.entries;
const CHOOSE_CERTIFICATION = 'Elige una certificación del catálogo';
const NewCertificationSchema = v.object({
  IdCertificacionCatalogo: v.pipe(v.string(CHOOSE_CERTIFICATION), v.nonEmpty(CHOOSE_CERTIFICATION)),
  FechaVencimiento: certification.FechaVencimiento,
  IdCargo: certification.IdCargo,
});

type CatalogueCertification = LocalRows['certificaciones'];

/**
 * The worker's certifications with their expiry; new ones are chosen from the catalogue and appended with their
 * files (SPEC CF5). Certifications registered before the catalogue keep their free-text names.
 */
export function CertificationsEditor({
  cargos,
  catalogue,
  existing,
  ...props
}: ChildEditorProps<Certificacion> & { cargos: LocalCargo[]; catalogue: CatalogueCertification[] }) {
  const table = certificationTable(cargos);
  return (
    <ChildListEditor
      {...props}
      id="certifications"
      title="Certificaciones"
      addLabel="Agregar certificación"
      table={{ ...table, columns: [...table.columns, filesCount] }}
      existing={activeOnly(existing)}
      schema={NewCertificationSchema}
      defaultValues={{ IdCertificacionCatalogo: '', FechaVencimiento: '', IdCargo: null }}
      fields={(control) => (
        <>
          <FormSelect
            control={control}
            name="IdCertificacionCatalogo"
            label="Certificación*"
            emptyLabel={
              catalogue.length ? 'Selecciona una certificación' : 'No hay certificaciones en el catálogo (Ajustes › Certificaciones)'
            }
            options={catalogue.map((entry) => ({
              value: entry.IdCertificacion,
              label: entry.Emisor ? `${entry.Nombre} (${entry.Emisor})` : entry.Nombre,
            }))}
          />
          <FormDateField control={control} name="FechaVencimiento" label="Fecha de vencimiento*" min={DATE_PICKER_MIN} />
          <FormSelect
            control={control}
            name="IdCargo"
            label="Cargo"
            emptyLabel="Sin cargo específico"
            options={cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
          />
        </>
      )}
      fileLabel="Archivo del certificado (PDF o imagen)"
      build={(values, file) => ({
        IdCertificacion: uuidV7(),
        ...values,
        // The name is copied: the worker's record keeps saying what it was even if the catalogue changes later.
        Nombre: catalogue.find((entry) => entry.IdCertificacion === values.IdCertificacionCatalogo)?.Nombre ?? '',
        Estado: 1 as const,
        Archivos: file ? [file] : [],
      })}
    />
  );
}

const licence = LicenciaSchema.entries;
const NewLicenceSchema = v.object({ Clase: licence.Clase, FechaVencimiento: licence.FechaVencimiento });

/** The worker's driving licences with their class and expiry; new ones are appended with their file (SPEC CF5). */
export function LicencesEditor({ existing, ...props }: ChildEditorProps<Licencia>) {
  return (
    <ChildListEditor
      {...props}
      id="licences"
      title="Licencias de conducir"
      addLabel="Agregar licencia"
      table={{ ...LICENCE_TABLE, columns: [...LICENCE_TABLE.columns, filesCount] }}
      existing={activeOnly(existing)}
      schema={NewLicenceSchema}
      defaultValues={{ Clase: '', FechaVencimiento: '' }}
      fields={(control) => (
        <>
          <FormSelect
            control={control}
            name="Clase"
            label="Clase de licencia*"
            emptyLabel="Selecciona la clase"
            options={LICENCE_CLASSES.map((clase) => ({ value: clase, label: `Clase ${clase}` }))}
          />
          <FormDateField control={control} name="FechaVencimiento" label="Vencimiento de la licencia*" min={DATE_PICKER_MIN} />
        </>
      )}
      fileLabel="Archivo de la licencia (PDF o imagen)"
      build={(values, file) => ({ IdLicencia: uuidV7(), ...values, Estado: 1 as const, Archivos: file ? [file] : [] })}
    />
  );
}

const evidence = EvidenciaSchema.entries;
const NewEvidenceSchema = v.object({ Nombre: evidence.Nombre, Fecha: evidence.Fecha });
const EVIDENCE_FILE_REQUIRED = 'Adjunta la foto o el PDF de la evidencia';

/** Evidence photos and documents of the worker; each is one file with a name and its day in Chile (SPEC CF5). */
export function EvidenceEditor(props: ChildEditorProps<Evidencia>) {
  // Today in America/Santiago, whatever the device's time zone.
  const [today] = useState(() => toWireDate(new Date()));
  return (
    <ChildListEditor
      {...props}
      id="evidence"
      title="Evidencias"
      addLabel="Agregar evidencia"
      table={EVIDENCE_TABLE}
      schema={NewEvidenceSchema}
      defaultValues={{ Nombre: '', Fecha: today }}
      fields={(control) => (
        <>
          <FormInput control={control} name="Nombre" label="Nombre de la evidencia*" />
          <FormDateField control={control} name="Fecha" label="Fecha de la evidencia*" min={DATE_PICKER_MIN} max={today} />
        </>
      )}
      fileLabel="Foto o PDF de la evidencia*"
      fileRequired={EVIDENCE_FILE_REQUIRED}
      // fileRequired makes `file` present here.
      build={(values, file) => ({ IdEvidencia: uuidV7(), ...values, Archivo: file! })}
    />
  );
}
