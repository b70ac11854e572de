import { OptionalWireDateSchema } from '#sync/schemas/common.schema.ts';
import {
  COMPANY_TYPES,
  contractorFieldsError,
  EMPTY_MEDICAL_DATE,
  type Trabajador,
  TrabajadorCreateBodySchema,
  personalEmailError,
  TRABAJADORES_MESSAGES,
} from '#sync/schemas/trabajadores.schema.ts';
import * as v from 'valibot';

const { entries } = TrabajadorCreateBodySchema;

/** The worker form, built from the shared body schema's own fields and messages. */
export const WorkerFormSchema = v.pipe(
  v.object({
    RunPersona: entries.RunPersona,
    Nombres: entries.Nombres,
    ApellidoPaterno: entries.ApellidoPaterno,
    ApellidoMaterno: entries.ApellidoMaterno,
    cargos: v.array(v.string()),
    IdNivel2: entries.IdNivel2,
    IdNivel3: entries.IdNivel3,
    TipoEmpresa: v.picklist(['1', '2']),
    RutContratista: entries.RutContratista,
    FechaFichaMedica: OptionalWireDateSchema,
    CorreoPersonal: entries.CorreoPersonal,
    /** The worker agrees, now, to receive their actas at that address. */
    AutorizaCorreo: v.boolean(),
  }),
  v.forward(
    v.partialCheck(
      [['CorreoPersonal'], ['AutorizaCorreo']],
      (input) =>
        personalEmailError({ CorreoPersonal: input.CorreoPersonal, ConsentimientoCorreo: input.AutorizaCorreo ? 'sí' : null }) === null,
      TRABAJADORES_MESSAGES.emailConsentRequired,
    ),
    ['AutorizaCorreo'],
  ),
  v.forward(
    v.partialCheck(
      [['TipoEmpresa'], ['RutContratista']],
      (input) => contractorFieldsError(Number(input.TipoEmpresa), input.RutContratista || null) === null,
      (issue) => {
        const input = issue.input as { TipoEmpresa: string; RutContratista: string };
        return contractorFieldsError(Number(input.TipoEmpresa), input.RutContratista || null) ?? '';
      },
    ),
    ['RutContratista'],
  ),
);
export type WorkerFormValues = v.InferInput<typeof WorkerFormSchema>;
export type WorkerFormOutput = v.InferOutput<typeof WorkerFormSchema>;

/** The form's values for a worker on the device, or empty ones for a new worker. */
export function formValuesOf(worker: Trabajador | null, contractorRut: string | null): WorkerFormValues {
  const medical = worker?.FechaFichaMedica && worker.FechaFichaMedica !== EMPTY_MEDICAL_DATE ? worker.FechaFichaMedica.slice(0, 10) : '';
  return {
    RunPersona: worker?.RunPersona ?? '',
    Nombres: worker?.Nombres ?? '',
    ApellidoPaterno: worker?.ApellidoPaterno ?? '',
    ApellidoMaterno: worker?.ApellidoMaterno ?? '',
    cargos: worker?.cargos ?? [],
    IdNivel2: worker?.IdNivel2 ?? null,
    IdNivel3: worker?.IdNivel3 ?? null,
    TipoEmpresa: String(worker?.TipoEmpresa ?? (contractorRut ? COMPANY_TYPES.contratista : COMPANY_TYPES.empresa)) as '1' | '2',
    RutContratista: worker?.RutContratista ?? contractorRut ?? '',
    FechaFichaMedica: medical,
    CorreoPersonal: worker?.CorreoPersonal ?? '',
    AutorizaCorreo: Boolean(worker?.ConsentimientoCorreo),
  };
}
