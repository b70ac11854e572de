import { accreditedOn } from './accreditation.ts';
import { formatDisplayDate } from './dates.ts';
import { type DayPass, dayPassProblem } from './day-pass.ts';

/**
 * The gate's answer (issue 39), from what the guard's tablet holds: green or red with the reasons, the same function
 * on the tablet (offline) and on the server (the entry it stores). A contractor's person enters a worksite when one of
 * their accreditation rows there holds today; failing that, with a day pass the server signed, or a provisional pass
 * a guard gave until the end of the shift. The mandante's own active staff enter by being its staff.
 */

export const GATE_MESSAGES = {
  unknown: 'Persona no registrada: no está entre los trabajadores de esta faena',
  inactive: 'El trabajador está desactivado',
  noContract: 'Sin contrato que lo acredite en esta faena',
  lapsed: (day: string) => `Acreditación vencida el ${formatDisplayDate(day)}`,
  assetUnknown: 'Vehículo o equipo no registrado en esta faena',
  assetNoContract: 'Sin contrato que acredite al vehículo o equipo en esta faena',
} as const;

export type GateWay = 'personal' | 'acreditacion' | 'pase' | 'provisorio';

export interface GateAnswer {
  Permitido: 0 | 1;
  /** How the person got in; '' when refused. */
  Via: GateWay | '';
  /** Until when what let them in holds (a day, or the end of the shift as an instant); '' when refused or open-ended. */
  Hasta: string;
  /** Why not, in the words the guard reads out; empty when let in. */
  Motivos: string[];
}

/** What a stored accreditation row says at the gate. */
export interface GateAccreditation {
  IdNivel2: string;
  Acreditado: 0 | 1;
  AcreditadoHasta: string;
  Motivos: readonly string[];
}

export interface PersonAtGate {
  /** The worker's contractor RUT; '' or null for the mandante's own staff. */
  RutContratista: string | null;
  Estado: number;
}

export interface GateMoment {
  /** The gate's worksite (level 2). */
  IdNivel2: string;
  /** The day in Chile (YYYY-MM-DD) and the instant, both from the tablet's clock. */
  today: string;
  now: string;
}

const refused = (Motivos: string[]): GateAnswer => ({ Permitido: 0, Via: '', Hasta: '', Motivos });
const admitted = (Via: GateWay, Hasta: string): GateAnswer => ({ Permitido: 1, Via, Hasta, Motivos: [] });

/** Why the person's rows at this worksite do not let them in (each row's reasons, or when it lapsed). */
function accreditationReasons(rows: readonly GateAccreditation[], today: string): string[] {
  if (rows.length === 0) return [GATE_MESSAGES.noContract];
  const reasons = rows.flatMap((row) =>
    row.Acreditado === 1 && today > row.AcreditadoHasta ? [GATE_MESSAGES.lapsed(row.AcreditadoHasta)] : row.Motivos,
  );
  return [...new Set(reasons)];
}

/** The answer for a person: `person` undefined when the tablet does not hold them (another worksite, or nobody). */
export function personAtGate(
  at: GateMoment & { Rut: string },
  person: PersonAtGate | undefined,
  held: {
    accreditations: readonly GateAccreditation[];
    pass?: DayPass | null;
    revoked?: ReadonlySet<string>;
    provisional?: readonly { IdNivel2: string; Hasta: string }[];
  },
): GateAnswer {
  const provisional = (held.provisional ?? []).filter((row) => row.IdNivel2 === at.IdNivel2 && at.now <= row.Hasta);
  const pass = held.pass ?? null;
  const passProblem = pass ? dayPassProblem(pass, { ...at, revoked: held.revoked ?? new Set() }) : null;
  if (person && person.Estado === 0) return refused([GATE_MESSAGES.inactive]);
  if (person && !person.RutContratista) return admitted('personal', '');
  const here = held.accreditations.filter((row) => row.IdNivel2 === at.IdNivel2);
  const holding = here.filter((row) => accreditedOn(row, at.today)).sort((a, b) => b.AcreditadoHasta.localeCompare(a.AcreditadoHasta));
  if (holding[0]) return admitted('acreditacion', holding[0].AcreditadoHasta);
  if (pass && passProblem === null) return admitted('pase', pass.Hasta);
  const latest = [...provisional].sort((a, b) => b.Hasta.localeCompare(a.Hasta))[0];
  if (latest) return admitted('provisorio', latest.Hasta);
  if (!person && !pass) return refused([GATE_MESSAGES.unknown]);
  return refused([...accreditationReasons(here, at.today), ...(passProblem ? [passProblem] : [])]);
}

/**
 * The answer for a vehicle or machine: accredited at this worksite for a contract (a contractor's; the mandante's own
 * need no contract) and fit to operate, with its operator when the guard names one (`fitness` is then
 * `fitWithOperator`). Both reasons are read out together.
 */
export function assetAtGate(
  at: GateMoment,
  asset: { RutContratista: string; Estado: number } | undefined,
  held: { accreditations: readonly GateAccreditation[]; fitness: { Apto: 0 | 1; Motivos: readonly string[] } | null },
): GateAnswer {
  if (!asset || asset.Estado === 0) return refused([GATE_MESSAGES.assetUnknown]);
  const here = held.accreditations.filter((row) => row.IdNivel2 === at.IdNivel2);
  const holding = here.filter((row) => accreditedOn(row, at.today)).sort((a, b) => b.AcreditadoHasta.localeCompare(a.AcreditadoHasta));
  const own = asset.RutContratista === '';
  const reasons = [
    ...(own || holding[0] ? [] : here.length === 0 ? [GATE_MESSAGES.assetNoContract] : accreditationReasons(here, at.today)),
    ...(held.fitness && held.fitness.Apto === 0 ? held.fitness.Motivos : []),
  ];
  if (reasons.length > 0) return refused(reasons);
  return admitted(own ? 'personal' : 'acreditacion', own ? '' : holding[0]!.AcreditadoHasta);
}
