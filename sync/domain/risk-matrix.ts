/**
 * Spec part 1 section 5: "Risk level is the product of the first two risk Ponderacion values, matched to a level by
 * lower and upper range." Until the risk module exists, every company evaluates with this default matrix (the
 * usual 3x3 of Chilean risk matrices: probability and consequence weighted 1, 2 and 4).
 */
export interface RiskWeighting {
  Ponderacion: number;
  Nombre: string;
}

export interface RiskRange {
  Desde: number;
  Hasta: number;
  Nivel: string;
}

export interface RiskMatrix {
  Probabilidades: readonly RiskWeighting[];
  Consecuencias: readonly RiskWeighting[];
  Rangos: readonly RiskRange[];
}

export const DEFAULT_RISK_MATRIX: RiskMatrix = {
  Probabilidades: [
    { Ponderacion: 1, Nombre: 'Baja' },
    { Ponderacion: 2, Nombre: 'Media' },
    { Ponderacion: 4, Nombre: 'Alta' },
  ],
  Consecuencias: [
    { Ponderacion: 1, Nombre: 'Ligeramente dañino' },
    { Ponderacion: 2, Nombre: 'Dañino' },
    { Ponderacion: 4, Nombre: 'Extremadamente dañino' },
  ],
  Rangos: [
    { Desde: 1, Hasta: 2, Nivel: 'Tolerable' },
    { Desde: 3, Hasta: 4, Nivel: 'Moderado' },
    { Desde: 5, Hasta: 8, Nivel: 'Importante' },
    { Desde: 9, Hasta: 16, Nivel: 'Intolerable' },
  ],
};

export interface RiskLevel {
  Valor: number;
  Nivel: string;
}

/** The level of probability x consequence, or null when either is missing or the product falls in no range. */
export function riskLevel(
  probabilidad: number | null,
  consecuencia: number | null,
  matrix: RiskMatrix = DEFAULT_RISK_MATRIX,
): RiskLevel | null {
  if (probabilidad === null || consecuencia === null) return null;
  const valor = probabilidad * consecuencia;
  const range = matrix.Rangos.find((candidate) => valor >= candidate.Desde && valor <= candidate.Hasta);
  return range ? { Valor: valor, Nivel: range.Nivel } : null;
}

export function isWeighting(value: number, weightings: readonly RiskWeighting[]): boolean {
  return weightings.some((weighting) => weighting.Ponderacion === value);
}

export function weightingName(value: number | null, weightings: readonly RiskWeighting[]): string {
  return weightings.find((weighting) => weighting.Ponderacion === value)?.Nombre ?? '';
}
