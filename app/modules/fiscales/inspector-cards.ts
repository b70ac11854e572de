import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatGrade, formatNumber } from '#sync/domain/number-format.ts';
import type { CardKind, CardRows } from '#sync/schemas/fiscales.schema.ts';

export interface CardColumn<C extends CardKind> {
  header: string;
  cell: (row: CardRows[C]) => string;
}

export interface CardDescription<C extends CardKind> {
  kind: C;
  title: string;
  columns: CardColumn<C>[];
  /** What the row's PDF button says to a screen reader. */
  rowName: (row: CardRows[C]) => string;
}

const VERIFICATION: Record<CardRows['epp']['Verificacion'], string> = {
  valido: 'Sello verificado',
  alterado: 'El sello no coincide',
  anulado: 'Acta anulada',
};

function complianceAndGrade(row: CardRows['observaciones']): string {
  const compliance = row.Cumplimiento === null ? '—' : `${formatNumber(row.Cumplimiento, 0)}%`;
  const grade = row.Nota === null ? '—' : formatGrade(row.Nota);
  return `${compliance} - ${grade}`;
}

/** The four cards of spec 2.5, with their columns as the spec names them. */
export const CARDS: { [C in CardKind]: CardDescription<C> } = {
  observaciones: {
    kind: 'observaciones',
    title: 'Observaciones',
    columns: [
      { header: 'Fecha', cell: (row) => formatDisplayDate(row.Fecha) },
      { header: 'Checklist', cell: (row) => row.Checklist },
      { header: '% Cumplimiento - Nota', cell: complianceAndGrade },
    ],
    rowName: (row) => `${row.Checklist} del ${formatDisplayDate(row.Fecha)}`,
  },
  capacitaciones: {
    kind: 'capacitaciones',
    title: 'Capacitaciones',
    columns: [
      { header: 'Fecha', cell: (row) => formatDisplayDate(row.Fecha) },
      { header: 'Capacitación', cell: (row) => row.Capacitacion },
    ],
    rowName: (row) => `${row.Capacitacion} del ${formatDisplayDate(row.Fecha)}`,
  },
  epp: {
    kind: 'epp',
    title: 'Elementos de Protección Personal',
    columns: [
      { header: 'Fecha', cell: (row) => formatDisplayDate(row.Fecha) },
      { header: 'EPP', cell: (row) => row.Epp },
      { header: 'Sello', cell: (row) => `${row.Sello.slice(0, 12)}… · ${VERIFICATION[row.Verificacion]}` },
    ],
    rowName: (row) => `acta de EPP del ${formatDisplayDate(row.Fecha)}`,
  },
  incidentes: {
    kind: 'incidentes',
    title: 'Incidentes',
    columns: [
      { header: 'Fecha Incidente', cell: (row) => formatDisplayDate(row.FechaIncidente) },
      { header: 'Tipo Incidente', cell: (row) => row.TipoIncidente },
      { header: 'Estado de la Investigación', cell: (row) => row.EstadoInvestigacion },
    ],
    rowName: (row) => `${row.TipoIncidente} del ${formatDisplayDate(row.FechaIncidente)}`,
  },
};
