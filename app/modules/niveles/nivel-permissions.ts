import { WRITE_PERMISSION_ROUTES } from '#app/ui/records/record-correction.tsx';

/** The server checks every level write (2, 3 and 4) against the "Nivel 2" maintainer's permissions. */
export const LEVEL_WRITE_ROUTE = WRITE_PERMISSION_ROUTES.niveles;

export function parentType(type: 2 | 3 | 4): 2 | 3 | null {
  return type === 2 ? null : ((type - 1) as 2 | 3);
}
