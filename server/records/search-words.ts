/** How people are found by RUT or name in SQL: the text stored beside them and the words of a search. */

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** What the list search matches: the RUT without dots or dash, and the names, lower case without accents. */
export function workerSearchText(worker: {
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
}): string {
  return fold([worker.RunPersona.replace(/[.-]/g, ''), worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].join(' '));
}

/**
 * The words of a search, folded like the stored text; a word that looks like a RUT ("12.345.678-5") loses its
 * dots and dash so it matches however it was typed. Every word must match.
 */
export function searchWords(input: string): string[] {
  return fold(input)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^[\d.]+-?[\dk]?$/.test(word) ? word.replace(/[.-]/g, '') : word))
    .filter(Boolean)
    .slice(0, 8);
}

/** A LIKE pattern (with ESCAPE '\\') matching text that contains `word` literally. */
export function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
