/** "Nombres ApellidoPaterno ApellidoMaterno", skipping an empty surname: how users and workers are named everywhere. */
export function personName(person: { Nombres: string; ApellidoPaterno: string; ApellidoMaterno: string | null }): string {
  return [person.Nombres, person.ApellidoPaterno, person.ApellidoMaterno].filter(Boolean).join(' ');
}
