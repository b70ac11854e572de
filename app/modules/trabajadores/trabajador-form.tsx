import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import {
  type Certificacion,
  COMPANY_TYPES,
  EMPTY_MEDICAL_DATE,
  type Evidencia,
  type Licencia,
  type Trabajador,
  type WorkerField,
} from '#sync/schemas/trabajadores.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { LocalFile } from '#app/data/local-write.ts';
import type { LocalCargo, LocalNivel, LocalRows } from '#app/db/reference-rows.ts';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { FileField, usePickedFile } from '#app/ui/form/file-pick-field.tsx';
import type { NewChild } from './child-list-editor.tsx';
import { fileRefOf, type WorkerDraft } from './trabajador-writes.ts';
import { CertificationsEditor, EvidenceEditor, LicencesEditor } from './worker-children.tsx';
import { consentOf, WorkerEmailSection } from './worker-email-section.tsx';
import { type WorkerFormOutput, WorkerFormSchema, type WorkerFormValues } from './trabajador-form-model.ts';

interface TrabajadorFormProps {
  initial: WorkerFormValues;
  /** The worker as stored, for the fields the form does not edit (level 4, files). */
  current: Trabajador | null;
  level2Label: string;
  level3Label: string;
  levels2: LocalNivel[];
  levels3: LocalNivel[];
  cargos: LocalCargo[];
  /** The certifications catalogue new certifications are chosen from. */
  certificationCatalogue: LocalRows['certificaciones'][];
  /** A contractor user's own RUT: their workers are always theirs (the server enforces it too). */
  contractorRut: string | null;
  signatureUrl: string | null;
  /** Correcting a refused write: its files are resent as they were. */
  filesLocked: boolean;
  submitLabel: string;
  /** Returns a message for the RUT field when the device already knows another worker with it. */
  checkRun: (run: string) => Promise<string | null>;
  onSubmit: (draft: WorkerDraft) => Promise<void>;
  onCancel: () => void;
}

export function TrabajadorForm(props: TrabajadorFormProps) {
  const { initial, current, levels2, levels3, cargos, contractorRut, filesLocked } = props;
  const [signature, setSignature] = useState<LocalFile | null>(null);
  const medical = usePickedFile();
  const medicalFile = medical.file;
  const [certifications, setCertifications] = useState<NewChild<Certificacion>[]>([]);
  const [licences, setLicences] = useState<NewChild<Licencia>[]>([]);
  const [evidence, setEvidence] = useState<NewChild<Evidencia>[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<WorkerFormValues, unknown, WorkerFormOutput>({
    resolver: valibotResolver(WorkerFormSchema),
    defaultValues: initial,
  });
  const [nv2, tipo] = useWatch({ control, name: ['IdNivel2', 'TipoEmpresa'] });
  const levels3InScope = nv2 ? levels3.filter((level) => level.IdNivelPadre === nv2) : levels3;

  const submit = async (values: WorkerFormOutput) => {
    const duplicate = await props.checkRun(values.RunPersona);
    if (duplicate) return setError('RunPersona', { message: duplicate }, { shouldFocus: true });
    const tipoEmpresa = contractorRut ? COMPANY_TYPES.contratista : (Number(values.TipoEmpresa) as 1 | 2);
    const fields: Pick<Trabajador, WorkerField> = {
      RunPersona: values.RunPersona,
      Nombres: values.Nombres,
      ApellidoPaterno: values.ApellidoPaterno,
      ApellidoMaterno: values.ApellidoMaterno,
      cargos: [...new Set(values.cargos)],
      IdNivel2: values.IdNivel2,
      IdNivel3: values.IdNivel3,
      IdNivel4: current?.IdNivel4 ?? null,
      TipoEmpresa: tipoEmpresa,
      RutContratista: contractorRut ?? (tipoEmpresa === COMPANY_TYPES.contratista ? values.RutContratista || null : null),
      FichaMedica: medicalFile ? fileRefOf(medicalFile) : (current?.FichaMedica ?? null),
      FechaFichaMedica: values.FechaFichaMedica ? `${values.FechaFichaMedica} 00:00:00` : EMPTY_MEDICAL_DATE,
      Firma: signature ? fileRefOf(signature) : (current?.Firma ?? null),
      CorreoPersonal: values.CorreoPersonal,
      ConsentimientoCorreo: consentOf(current, values.CorreoPersonal, values.AutorizaCorreo),
    };
    const newChildren = {
      certificaciones: certifications.map((entry) => entry.child),
      licencias: licences.map((entry) => entry.child),
      evidencias: evidence.map((entry) => entry.child),
    };
    const children = [...certifications, ...licences, ...evidence];
    const files = [...(signature ? [signature] : []), ...(medicalFile ? [medicalFile] : []), ...children.flatMap((entry) => entry.files)];
    await props.onSubmit({ fields, newChildren, files });
  };

  return (
    <form className="record-form" onSubmit={handleSubmit(submit)} noValidate>
      <section className="card" aria-labelledby="worker-personal-title">
        <h2 id="worker-personal-title">Datos personales</h2>
        <div className="record-form__grid">
          <FormInput control={control} name="RunPersona" label="Rut (12345678-9)*" autocomplete="off" />
          <FormInput control={control} name="Nombres" label="Nombres*" autocomplete="off" />
          <FormInput control={control} name="ApellidoPaterno" label="Apellido Paterno*" autocomplete="off" />
          <FormInput control={control} name="ApellidoMaterno" label="Apellido Materno" autocomplete="off" />
        </div>
      </section>

      <section className="card" aria-labelledby="worker-work-title">
        <h2 id="worker-work-title">Lugar de trabajo y cargos</h2>
        <div className="record-form__grid">
          <FormSelect
            control={control}
            name="IdNivel2"
            label={props.level2Label}
            emptyLabel="Sin asignar"
            options={levels2.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          />
          <FormSelect
            control={control}
            name="IdNivel3"
            label={props.level3Label}
            emptyLabel="Sin asignar"
            options={levels3InScope.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          />
        </div>
        <Controller
          control={control}
          name="cargos"
          render={({ field }) => (
            <CheckList
              legend="Cargos"
              options={cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
              chosen={field.value}
              onChange={field.onChange}
              empty="No hay cargos en este dispositivo."
            />
          )}
        />
      </section>

      <section className="card" aria-labelledby="worker-company-title">
        <h2 id="worker-company-title">Empresa</h2>
        {contractorRut ? (
          <p>Trabajador de tu empresa contratista (Rut {contractorRut}).</p>
        ) : (
          <>
            <Controller
              control={control}
              name="TipoEmpresa"
              render={({ field }) => (
                <fieldset className="check-group check-group--inline">
                  <legend>Tipo de empresa</legend>
                  <label className="check-group__option">
                    <input type="radio" name={field.name} value="1" checked={field.value === '1'} onChange={() => field.onChange('1')} />
                    Empresa
                  </label>
                  <label className="check-group__option">
                    <input type="radio" name={field.name} value="2" checked={field.value === '2'} onChange={() => field.onChange('2')} />
                    Contratista
                  </label>
                </fieldset>
              )}
            />
            {tipo === '2' && (
              <div className="record-form__grid">
                <FormInput control={control} name="RutContratista" label="Rut Contratista (12345678-9)*" autocomplete="off" />
              </div>
            )}
          </>
        )}
      </section>

      <section className="card" aria-labelledby="worker-medical-title">
        <h2 id="worker-medical-title">Ficha médica y firma</h2>
        <div className="record-form__grid">
          <FormDateField
            control={control}
            name="FechaFichaMedica"
            label="Fecha Ficha Médica"
            min={DATE_PICKER_MIN}
            max={toWireDate(new Date())}
          />
          {!filesLocked && (
            <FileField label={`Ficha médica (PDF o imagen)${current?.FichaMedica ? ': reemplaza la registrada' : ''}`} picked={medical} />
          )}
        </div>
        {filesLocked ? (
          <p className="muted">La firma y los archivos se reenvían tal como se guardaron.</p>
        ) : (
          <SignaturePadField
            label="Firma del trabajador"
            hasCurrent={Boolean(current?.Firma)}
            currentUrl={props.signatureUrl}
            onChange={setSignature}
          />
        )}
      </section>

      <WorkerEmailSection control={control} current={current} />

      <CertificationsEditor
        existing={current?.certificaciones ?? []}
        added={certifications}
        cargos={cargos}
        catalogue={props.certificationCatalogue}
        locked={filesLocked}
        onChange={setCertifications}
      />
      <LicencesEditor existing={current?.licencias ?? []} added={licences} locked={filesLocked} onChange={setLicences} />
      <EvidenceEditor existing={current?.evidencias ?? []} added={evidence} locked={filesLocked} onChange={setEvidence} />

      <div className="button-row record-form__actions">
        <SubmitButton busy={formState.isSubmitting}>{props.submitLabel}</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={props.onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
