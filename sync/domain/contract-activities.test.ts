import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES, activitiesProblem, activityOf, contractWorksites, worksitesOf, worksitesOfWorker } from './contract-activities.ts';

const SITE = 'faena-contrato';
const OTHER = 'faena-otra';
const activity = (IdActividad: string, IdNivel2: string | null, workers: string[], Vehiculos: string[] = [], Equipos: string[] = []) => ({
  IdActividad,
  IdNivel2,
  IdNivel3: null,
  Recursos: { Trabajadores: workers, Vehiculos, Equipos },
});

describe('a contract’s activities by level (CT-ACT1, CT-ACT2)', () => {
  const contract = {
    IdNivel2: SITE,
    Trabajadores: ['rosa', 'tomas', 'ines'],
    Vehiculos: ['camion', 'camioneta'],
    Equipos: ['grua'],
    Actividades: [activity('montaje', null, ['rosa'], [], ['grua']), activity('transporte', OTHER, ['rosa', 'tomas'], ['camion'])],
  };

  it('places a worker at the worksites of their activities, and one in none at the contract’s', () => {
    expect(worksitesOfWorker(contract, 'rosa')).toEqual([SITE, OTHER]);
    expect(worksitesOfWorker(contract, 'tomas')).toEqual([OTHER]);
    expect(worksitesOfWorker(contract, 'ines')).toEqual([SITE]);
    expect(contractWorksites(contract)).toEqual([SITE, OTHER]);
  });

  it('places a vehicle or machine the same way (issue 38)', () => {
    expect(worksitesOf(contract, 'Vehiculos', 'camion')).toEqual([OTHER]);
    expect(worksitesOf(contract, 'Vehiculos', 'camioneta')).toEqual([SITE]);
    expect(worksitesOf(contract, 'Equipos', 'grua')).toEqual([SITE]);
  });

  it('reads an activity stored as its bare id as done at the contract’s worksite by no one in particular', () => {
    expect(activityOf('montaje')).toEqual(activity('montaje', null, []));
    expect(worksitesOfWorker({ IdNivel2: SITE, Actividades: ['montaje'] }, 'rosa')).toEqual([SITE]);
  });

  it('asks that an activity’s workers be workers of the contract', () => {
    expect(activitiesProblem(contract)).toBeNull();
    expect(activitiesProblem({ ...contract, Trabajadores: ['rosa'] })).toBe(ACTIVITY_MESSAGES.workerNotOfContract);
    expect(activitiesProblem({ ...contract, Vehiculos: ['camioneta'] })).toBe(ACTIVITY_MESSAGES.vehicleNotOfContract);
    expect(activitiesProblem({ ...contract, Equipos: [] })).toBe(ACTIVITY_MESSAGES.equipmentNotOfContract);
  });
});
