/** The demo company's EPP catalogue and what each demo position must hold (seeded by demo-epp.ts). */

type DemoItem = [key: string, nombre: string, riesgo: string, norma: string, tallas: string[], meses: number, actividades: number[]];

/** The EPP a Chilean construction and assembly company gives, with the standard each meets and its useful life. */
export const CATALOGUE: DemoItem[] = [
  ['casco', 'Casco de seguridad', 'Golpes y caída de objetos', 'NCh 461 Of. 2001', [], 24, [0, 1, 2, 4]],
  ['lentes', 'Lentes de seguridad claros', 'Proyección de partículas', 'ANSI Z87.1', [], 6, [0, 1, 2, 4, 5]],
  ['guantes', 'Guantes de cabritilla', 'Cortes, abrasión y pinchazos', 'EN 388', ['S', 'M', 'L', 'XL'], 1, [0, 1, 5, 9]],
  ['arnes', 'Arnés de seguridad de cuerpo completo', 'Caída de altura', 'NCh 1258/1', ['M', 'L', 'XL'], 60, [0, 1, 4]],
  [
    'zapatos',
    'Zapatos de seguridad',
    'Golpes y aplastamiento de pies',
    'NCh 772/1',
    ['38', '39', '40', '41', '42', '43', '44', '45'],
    12,
    [0, 1, 2, 4, 6],
  ],
  ['auditivo', 'Protector auditivo tipo fono', 'Ruido sobre 85 dB(A)', 'NCh 1331/1', [], 24, [0, 1, 5, 6]],
  [
    'respirador',
    'Respirador medio rostro con filtros P100',
    'Polvo de sílice y material particulado',
    'NIOSH 42 CFR 84',
    ['S', 'M', 'L'],
    12,
    [5, 6],
  ],
  ['chaleco', 'Chaleco reflectante', 'Atropello por maquinaria y vehículos', 'NCh 3256', ['M', 'L', 'XL'], 12, [2, 6, 10]],
  ['dielectricos', 'Guantes dieléctricos clase 0', 'Contacto eléctrico hasta 1.000 V', 'IEC 60903', ['9', '10', '11'], 6, [7]],
  ['legionario', 'Legionario con cubrenuca', 'Radiación UV solar', 'Ley 20.096', [], 12, [0, 2, 6]],
  // Useful life 0: a delivered padlock never expires (the consultas' rule for items that do not wear out).
  ['candado', 'Candado de bloqueo personal (LOTO)', 'Energización inesperada durante mantención', 'OSHA 29 CFR 1910.147', [], 0, [7]],
];

/** What each demo position must hold (POSITIONS of demo-seed.ts, by their order), and a worker's own extra item. */
export const BY_POSITION: string[][] = [
  ['casco', 'lentes', 'zapatos', 'chaleco', 'legionario'],
  ['casco', 'lentes', 'guantes', 'zapatos', 'auditivo'],
  ['casco', 'zapatos', 'chaleco', 'auditivo'],
  ['casco', 'lentes', 'dielectricos', 'zapatos'],
  ['casco', 'lentes', 'chaleco', 'zapatos'],
  ['casco', 'lentes', 'guantes', 'zapatos', 'respirador'],
];

export interface DemoDelivery {
  n: number;
  worker: number;
  daysAgo: number;
  motivo: 1 | 2 | 3 | 4 | 5;
  items: [key: string, talla: string, cantidad: number][];
}
