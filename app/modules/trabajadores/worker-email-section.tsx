import { formatDisplayInstant } from '#sync/domain/dates.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import { type Control, Controller } from 'react-hook-form';
import { FormInput } from '#app/ui/form/form-input.tsx';
import type { WorkerFormValues } from './trabajador-form-model.ts';

/** The consent kept for the address: the one on record while the address stays the same, now for a new one. */
export function consentOf(current: Trabajador | null, email: string, agrees: boolean): string | null {
  if (!email || !agrees) return null;
  return current?.ConsentimientoCorreo && current.CorreoPersonal === email ? current.ConsentimientoCorreo : new Date().toISOString();
}

/** The worker's personal e-mail and their authorisation to receive their actas there (issue #16). */
export function WorkerEmailSection({ control, current }: { control: Control<WorkerFormValues>; current: Trabajador | null }) {
  return (
    <section className="card" aria-labelledby="worker-email-title">
      <h2 id="worker-email-title">Copia de sus actas</h2>
      <p className="muted">Cada acta de entrega de EPP que el trabajador firme se le envía en PDF a su correo personal, solo si lo autoriza.</p>
      <div className="record-form__grid">
        <FormInput control={control} name="CorreoPersonal" label="Correo personal" type="email" inputmode="email" autocomplete="off" />
      </div>
      <Controller
        control={control}
        name="AutorizaCorreo"
        render={({ field, fieldState }) => (
          <div>
            <label className="check-group__option">
              <input
                type="checkbox"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={fieldState.error ? 'worker-email-consent-error' : undefined}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
              El trabajador autoriza recibir copia de sus actas en este correo
            </label>
            {fieldState.error && (
              <p id="worker-email-consent-error" className="field-error" role="alert">
                {fieldState.error.message}
              </p>
            )}
            {current?.ConsentimientoCorreo && field.value && <p className="muted">Autorizado el {formatDisplayInstant(current.ConsentimientoCorreo)}.</p>}
          </div>
        )}
      />
    </section>
  );
}
