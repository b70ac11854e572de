/**
 * Spec part 2, section 5: the names files are stored and downloaded with. Training evidence loses its accents and
 * every character that is not a letter, a digit or a hyphen becomes a hyphen; an evidence guide only has its
 * spaces turned into hyphens. The extension (after the last dot) is kept, so the file still opens.
 */

function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** "Registro fotográfico (día 1).jpg" -> "Registro-fotografico--dia-1-.jpg". */
export function evidenceFileName(name: string): string {
  const [base, extension] = splitExtension(withoutAccents(name.trim()));
  const cleanExtension = extension.replace(/[^A-Za-z0-9.]/g, '');
  return `${base.replace(/[^A-Za-z0-9-]/g, '-')}${cleanExtension}`;
}

/** "Guía de trabajo en altura.pdf" -> "Guía-de-trabajo-en-altura.pdf". */
export function guideFileName(name: string): string {
  return name.trim().replace(/\s/g, '-');
}

/** Where the spec keeps a training's evidence: `<company>/<training>/evidencias/<file name>`. */
export function evidencePath(company: string, trainingId: string, fileName: string): string {
  return `${company}/${trainingId}/evidencias/${fileName}`;
}

/** The file name at the end of an evidence path. */
export function fileNameOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
