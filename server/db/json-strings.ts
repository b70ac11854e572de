/** The strings of a JSON array column (ids of a case's categories, of an inspection's observed workers); anything else reads as none. */
export function stringsOf(text: string | null | undefined): string[] {
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}
