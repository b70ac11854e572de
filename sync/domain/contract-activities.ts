/**
 * A contract's activities by level (issue 37, spec Contract.Actividades): each activity is done at a worksite (level
 * 2; none, the contract's own) and optionally one of its level 3 areas, by some of the contract's workers. A worker's
 * accreditation is kept for each worksite where they work. The same rules on the form, the server and the device.
 */

export interface ContractActivity {
  IdActividad: string;
  /** The worksite; null: the contract's. */
  IdNivel2: string | null;
  IdNivel3: string | null;
  /** Who does it (vehicles and machines join with the fleet). */
  Recursos: { Trabajadores: string[] };
}

interface ActivitiesContract {
  IdNivel2: string;
  Trabajadores: readonly string[];
  Actividades: readonly unknown[];
}

export const ACTIVITY_MESSAGES = {
  workerNotOfContract: 'Un trabajador de una actividad debe estar entre los trabajadores del contrato',
  level3Invalid: 'El nivel 3 indicado no existe',
  level3NotOfWorksite: 'El nivel 3 de una actividad debe pertenecer a la faena de la actividad',
} as const;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * One stored activity. Contracts written before activities had levels hold only the activity's id: it reads as done
 * at the contract's worksite by none of its workers in particular.
 */
export function activityOf(item: unknown): ContractActivity {
  if (typeof item === 'string') return { IdActividad: item, IdNivel2: null, IdNivel3: null, Recursos: { Trabajadores: [] } };
  const row = (item ?? {}) as Record<string, unknown>;
  const workers = (row.Recursos as { Trabajadores?: unknown } | undefined)?.Trabajadores;
  return {
    IdActividad: text(row.IdActividad) ?? '',
    IdNivel2: text(row.IdNivel2),
    IdNivel3: text(row.IdNivel3),
    Recursos: { Trabajadores: Array.isArray(workers) ? workers.filter((id): id is string => typeof id === 'string') : [] },
  };
}

export const contractActivities = (contract: Pick<ActivitiesContract, 'Actividades'>): ContractActivity[] => contract.Actividades.map(activityOf);

/** Where an activity is done: its worksite, or the contract's. */
export const worksiteOfActivity = (contract: Pick<ActivitiesContract, 'IdNivel2'>, activity: ContractActivity) =>
  activity.IdNivel2 ?? contract.IdNivel2;

/** The worksites where a worker of the contract works: those of their activities; in none, the contract's. */
export function worksitesOfWorker(contract: Omit<ActivitiesContract, 'Trabajadores'>, IdPersona: string): string[] {
  const sites = contractActivities(contract)
    .filter((activity) => activity.Recursos.Trabajadores.includes(IdPersona))
    .map((activity) => worksiteOfActivity(contract, activity));
  return sites.length === 0 ? [contract.IdNivel2] : [...new Set(sites)];
}

/** Every worksite the contract works at: its own and its activities'. */
export function contractWorksites(contract: Omit<ActivitiesContract, 'Trabajadores'>): string[] {
  return [...new Set([contract.IdNivel2, ...contractActivities(contract).map((activity) => worksiteOfActivity(contract, activity))])];
}

/** What is wrong with the activities, or null: each one's workers are workers of the contract. */
export function activitiesProblem(contract: Omit<ActivitiesContract, 'IdNivel2'>): string | null {
  const roster = new Set(contract.Trabajadores);
  const outside = contractActivities(contract).some((activity) => activity.Recursos.Trabajadores.some((id) => !roster.has(id)));
  return outside ? ACTIVITY_MESSAGES.workerNotOfContract : null;
}
