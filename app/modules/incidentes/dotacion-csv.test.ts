import { DOTACIONES_MESSAGES } from '#sync/schemas/dotaciones.schema.ts';
import { describe, expect, it } from 'vitest';
import { checkCsvLoad, CSV_LOAD_MESSAGES } from '#app/ui/records/csv-load.ts';
import { type CsvLine, parseCsv } from '#app/ui/records/csv-parse.ts';
import { toCsv } from '#app/ui/records/record-csv.ts';
import { DOTACION_CSV, DOTACION_CSV_MESSAGES, type DotacionCsvContext, monthOfCell } from './dotacion-csv.ts';
import { dotacionKey } from './dotacion-rules.ts';

const NORTE = '0190a000-0000-7000-8000-000000000002';
const SUR = '0190a000-0000-7000-8000-000000000003';
const AREA_NORTE = '0190a000-0000-7000-8000-000000000013';
const AREA_SUR = '0190a000-0000-7000-8000-000000000014';

const context = (overrides: Partial<DotacionCsvContext> = {}): DotacionCsvContext => ({
  levels2: [
    { IdNivel: NORTE, Nombre: 'Faena Norte', IdNivelPadre: null },
    { IdNivel: SUR, Nombre: 'Faena Sur', IdNivelPadre: null },
  ],
  levels3: [
    { IdNivel: AREA_NORTE, Nombre: 'Área Mina', IdNivelPadre: NORTE },
    { IdNivel: AREA_SUR, Nombre: 'Área Planta', IdNivelPadre: SUR },
  ],
  levelLabels: ['Faena', 'Área'],
  existing: new Set([dotacionKey({ Mes: '2026-01', IdNivel2: SUR, IdNivel3: null, RutContratista: '' })]),
  currentMonth: '2026-04',
  ownRut: null,
  ...overrides,
});

const checkDotacionCsv = (rows: CsvLine[], given: DotacionCsvContext) => checkCsvLoad(rows, DOTACION_CSV, given);
const template = () =>
  toCsv(
    DOTACION_CSV.columns.map((column) => column.name),
    [],
  );

const file = (...lines: string[]) => parseCsv(`\uFEFFMes;Nivel 2;Nivel 3;RUT contratista;Dotación;Horas hombre\r\n${lines.join('\r\n')}`);

describe('the headcount CSV load', () => {
  it('downloads a template whose header the load accepts', async () => {
    expect(template()).toBe('\uFEFFMes;Nivel 2;Nivel 3;RUT contratista;Dotación;Horas hombre\r\n');
    expect(await checkDotacionCsv(parseCsv(template()), context())).toEqual({
      fields: [],
      lines: [],
      problems: [{ line: null, column: null, message: CSV_LOAD_MESSAGES.empty }],
    });
  });

  it('reads good rows: levels by name (any case or accent), decimal comma, month as Excel leaves it, contractors', async () => {
    const result = await checkDotacionCsv(
      file(
        '03/2026;faena norte;AREA MINA;;120;"25.920,5"',
        '2026-02;Faena Sur;;12.345.678-5;15;2700',
        '01-04-2026;Faena Sur;Área Planta;Personal propio;8;1440.5',
      ),
      context(),
    );
    expect(result.problems).toEqual([]);
    expect(result.fields).toEqual([
      { Mes: '2026-03', IdNivel2: NORTE, IdNivel3: AREA_NORTE, RutContratista: '', Dotacion: 120, HorasHombre: 25920.5 },
      { Mes: '2026-02', IdNivel2: SUR, IdNivel3: null, RutContratista: '12345678-5', Dotacion: 15, HorasHombre: 2700 },
      { Mes: '2026-04', IdNivel2: SUR, IdNivel3: AREA_SUR, RutContratista: '', Dotacion: 8, HorasHombre: 1440.5 },
    ]);
  });

  it('names every bad row by its line in the file, with the record’s own messages', async () => {
    const result = await checkDotacionCsv(
      file(
        '2026-03;Faena Norte;;;120;25920', // 2: good
        '2026-13;Faena Norte;;;1;1', // 3
        '2026-03;Faena Este;;;1;1', // 4
        '2026-03;Faena Norte;Área Planta;;1;1', // 5
        '2026-03;Faena Norte;Área Nada;;1;1', // 6
        '2026-03;Faena Norte;;;12,5;1', // 7
        '2026-03;Faena Norte;;;1;muchas', // 8
        '2026-03;Faena Norte;;12345678-9;1;1', // 9: wrong check digit
        '2026-05;Faena Norte;;;1;1', // 10
        '2026-01;Faena Sur;;;1;1', // 11: already on the device
        '03/2026;Faena Norte;;;99;1', // 12: repeats row 2
        ';;;;;', // blank: left out
        '2026-03;;;;1;1', // 14
      ),
      context(),
    );
    expect(result.fields).toHaveLength(1);
    expect(result.problems).toEqual([
      { line: 3, column: 'Mes', message: DOTACIONES_MESSAGES.monthInvalid },
      { line: 4, column: 'Nivel 2', message: `${DOTACIONES_MESSAGES.levelInvalid} (Faena: «Faena Este»)` },
      { line: 5, column: 'Nivel 3', message: `${DOTACIONES_MESSAGES.levelMismatch} (Área: «Área Planta»)` },
      { line: 6, column: 'Nivel 3', message: `${DOTACIONES_MESSAGES.levelInvalid} (Área: «Área Nada»)` },
      { line: 7, column: 'Dotación', message: DOTACIONES_MESSAGES.headcountInvalid },
      { line: 8, column: 'Horas hombre', message: DOTACIONES_MESSAGES.hoursInvalid },
      { line: 9, column: 'RUT contratista', message: expect.stringMatching(/.+/) },
      { line: 10, column: 'Mes', message: DOTACIONES_MESSAGES.future },
      { line: 11, column: 'Mes', message: DOTACIONES_MESSAGES.duplicate },
      { line: 12, column: 'Mes', message: CSV_LOAD_MESSAGES.duplicateInFile(2, DOTACIONES_MESSAGES.duplicate) },
      { line: 14, column: 'Nivel 2', message: DOTACIONES_MESSAGES.levelRequired },
    ]);
  });

  it('takes the columns by name in any order, the company’s level names too, and refuses a file without a required one', async () => {
    expect(
      (await checkDotacionCsv(parseCsv('Horas hombre,Faena,Mes,Área,Dotación,Notas\n"1,5",Faena Norte,2026-03,,1,x'), context()))
        .fields,
    ).toHaveLength(1);
    expect(await checkDotacionCsv(parseCsv('Fecha;Nivel;Dotación\n2026-03;Faena Norte;1'), context())).toEqual({
      fields: [],
      lines: [],
      problems: [{ line: 1, column: null, message: CSV_LOAD_MESSAGES.missingColumns(['Mes', 'Nivel 2', 'Horas hombre']) }],
    });
  });

  it('fills a contractor user’s RUT and refuses another contractor’s rows', async () => {
    const result = await checkDotacionCsv(
      file('2026-03;Faena Norte;;;5;900', '2026-03;Faena Sur;;11.111.111-1;5;900'),
      context({ ownRut: '12345678-5' }),
    );
    expect(result.fields).toEqual([
      { Mes: '2026-03', IdNivel2: NORTE, IdNivel3: null, RutContratista: '12345678-5', Dotacion: 5, HorasHombre: 900 },
    ]);
    expect(result.problems).toEqual([{ line: 3, column: 'RUT contratista', message: DOTACION_CSV_MESSAGES.notOwn }]);
  });

  it('reads the months a spreadsheet leaves', () => {
    expect(['2026-03', '2026/3', '03/2026', '3-2026', '01/03/2026', '2026-03-01'].map(monthOfCell)).toEqual(Array(6).fill('2026-03'));
  });
});
