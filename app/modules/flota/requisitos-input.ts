import { CLASES, CLASES_CERTIFICACION, type RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { FieldInput } from '#app/ui/records/record-view.ts';
import type { RowColumn } from '#app/ui/records/rows-input.tsx';

const CLASS_OPTIONS = CLASES.map((clase) => ({ value: clase, label: CLASES_CERTIFICACION[clase] }));

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The certifications a type (or an installation) asks, as rows of the kit's form: the class, how many months a
 * certificate lasts, whether it stops the asset, and with a meter the service interval by reading. A class chosen in
 * one row is not offered in the others.
 */
export function requisitosInput<Lookups>(withMeter: boolean): Extract<FieldInput<Lookups>, { kind: 'rows' }> {
  return {
    kind: 'rows',
    noun: 'Certificación exigida',
    empty: 'No exige certificaciones: siempre está apto.',
    blank: () => ({ Clase: null, VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null }),
    rowOf: (item) => {
      const row = (item ?? {}) as Record<string, unknown>;
      return {
        Clase: typeof row.Clase === 'string' ? row.Clase : null,
        VigenciaMeses: numberOrNull(row.VigenciaMeses),
        Obligatoria: row.Obligatoria === 0 ? 0 : 1,
        IntervaloLectura: numberOrNull(row.IntervaloLectura),
      };
    },
    columns: (_lookups, values, row) => {
      const taken = new Set(((values.Certificaciones as { Clase?: unknown }[] | undefined) ?? []).map((other) => other.Clase));
      const columns: RowColumn[] = [
        {
          path: 'Clase',
          label: 'Certificación',
          kind: 'select',
          required: true,
          emptyLabel: 'Elige la certificación',
          options: CLASS_OPTIONS.filter((option) => option.value === row.Clase || !taken.has(option.value)),
        },
        { path: 'VigenciaMeses', label: 'Vigencia en meses (0: no vence por fecha)', kind: 'number', required: true },
        { path: 'Obligatoria', label: 'Obligatoria para operar', kind: 'check' },
      ];
      if (withMeter) columns.push({ path: 'IntervaloLectura', label: 'Intervalo por lectura (km u horas, opcional)', kind: 'number' });
      return columns;
    },
  };
}

/** «Revisión técnica (12 meses, obligatoria); Mantención (6 meses o cada 10.000, obligatoria)». */
export function requisitosText(rows: readonly RequisitoClase[]): string {
  return rows
    .map((row) => {
      const months = row.VigenciaMeses === 0 ? 'sin vencimiento por fecha' : row.VigenciaMeses === 1 ? '1 mes' : `${row.VigenciaMeses} meses`;
      const meter = row.IntervaloLectura === null ? '' : ` o cada ${formatNumber(row.IntervaloLectura)}`;
      return `${CLASES_CERTIFICACION[row.Clase]} (${months}${meter}, ${row.Obligatoria === 1 ? 'obligatoria' : 'opcional'})`;
    })
    .join('; ');
}
