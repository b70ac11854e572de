import { RUT_MESSAGES } from '#sync/domain/rut.ts';
import { EMPTY_MEDICAL_DATE, TRABAJADORES_MESSAGES } from '#sync/schemas/trabajadores.schema.ts';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { checkCsvLoad, CSV_LOAD_MESSAGES } from '#app/ui/records/csv-load.ts';
import { parseCsv } from '#app/ui/records/csv-parse.ts';
import { LOAD_LEVEL_MESSAGES } from '#app/ui/records/load-levels.ts';
import { readSheetFile } from '#app/ui/records/sheet-file.ts';
import { WORKER_LOAD, WORKER_LOAD_MESSAGES, type WorkerLoadContext } from './trabajadores-carga.ts';

const NORTE = '0190a000-0000-7000-8000-000000000002';
const SUR = '0190a000-0000-7000-8000-000000000003';
const MINA = '0190a000-0000-7000-8000-000000000013';
const PLANTA = '0190a000-0000-7000-8000-000000000014';
const OPERADOR = '0190a000-0000-7000-8000-000000000021';
const OPERADOR_SUR = '0190a000-0000-7000-8000-000000000022';
const RIGGER = '0190a000-0000-7000-8000-000000000023';

const context = (overrides: Partial<WorkerLoadContext> = {}): WorkerLoadContext => ({
  levels2: [
    { IdNivel: NORTE, Nombre: 'Faena Norte', IdNivelPadre: null },
    { IdNivel: SUR, Nombre: 'Faena Sur', IdNivelPadre: null },
  ],
  levels3: [
    { IdNivel: MINA, Nombre: 'Mina', IdNivelPadre: NORTE },
    { IdNivel: PLANTA, Nombre: 'Planta', IdNivelPadre: SUR },
  ],
  cargos: [
    { IdCargo: OPERADOR, NombreCargo: 'Operador', IdNivel2: null, IdNivel3: null },
    { IdCargo: OPERADOR_SUR, NombreCargo: 'Operador', IdNivel2: SUR, IdNivel3: null },
    { IdCargo: RIGGER, NombreCargo: 'Rigger', IdNivel2: null, IdNivel3: null },
  ],
  levelLabels: ['Faena', 'Área'],
  existing: new Set(['111111111']),
  ownRut: null,
  ...overrides,
});

const check = (text: string, given = context()) => checkCsvLoad(parseCsv(text), WORKER_LOAD, given);

describe('the payroll file of workers', () => {
  it('reads a payroll export by its own headers, in its own order, with the extra columns it carries', async () => {
    const result = await check(
      [
        'Rut Trabajador;Sueldo Base;Ap. Paterno;Ap. Materno;Nombres;Cargo;Faena;Área;Fecha Ficha Medica',
        '12.345.678-5;900000;González;Pérez;Ana María;operador;faena sur;;05/03/2026',
        '76543210-3;1;Soto;;Luis;Operador | Rigger;Faena Norte;Mina;',
        '98765404k;1;Rojas;Díaz;Eva;;;Planta;',
      ].join('\n'),
    );
    expect(result.problems).toEqual([]);
    expect(result.fields).toMatchObject([
      { RunPersona: '12345678-5', Nombres: 'Ana María', ApellidoPaterno: 'González', ApellidoMaterno: 'Pérez', cargos: [OPERADOR_SUR], IdNivel2: SUR, IdNivel3: null, FechaFichaMedica: '2026-03-05 00:00:00', TipoEmpresa: 1, RutContratista: null },
      { RunPersona: '76543210-3', cargos: [OPERADOR, RIGGER], IdNivel2: NORTE, IdNivel3: MINA, FechaFichaMedica: EMPTY_MEDICAL_DATE },
      // A level 3 alone brings its level 2; a RUT without its dash is read.
      { RunPersona: '98765404-K', IdNivel2: SUR, IdNivel3: PLANTA, cargos: [] },
    ]);
  });

  it('names each bad row on its row and column, in the form’s words, and keeps the good ones', async () => {
    const result = await check(
      [
        'RUT;Nombres;Apellido Paterno;Apellido Materno;Cargo;Nivel 2;Nivel 3;RUT contratista;Fecha ficha médica',
        '12.345.678-5;Ana;González;;;;;;', // 2: good
        '12.345.678-9;Ana;González;;;;;;', // 3: check digit
        '1234;Ana;González;;;;;;', // 4: format
        '11.111.111-1;Ana;González;;;;;;', // 5: on the device already
        '12345678-5;Otra;Vez;;;;;;', // 6: repeats row 2
        '76543210-3;;González;;;;;;', // 7: names
        '76543210-3;Luis;;;;;;;', // 8: surname
        '9.876.543-3;Luis;Soto;;Soldador;;;;', // 9: position
        '9.876.543-3;Luis;Soto;;;Faena Este;;;', // 10: level 2
        '9.876.543-3;Luis;Soto;;;Faena Norte;Planta;;', // 11: level 3 of another level 2
        '9.876.543-3;Luis;Soto;;;;;;31/02/2026', // 12: date
        '9.876.543-3;Luis;Soto;;;;;;2026-02-01', // 13: date format
        '9.876.543-3;Luis;Soto;;;;;12.345.678-0;', // 14: contractor RUT
        '9.876.543-3;Luis;Soto;;;;;;', // 15: good
      ].join('\n'),
    );
    expect(result.lines).toEqual([2, 15]);
    expect(result.problems).toEqual([
      { line: 3, column: 'RUT', message: RUT_MESSAGES.invalid },
      { line: 4, column: 'RUT', message: RUT_MESSAGES.format },
      { line: 5, column: 'RUT', message: TRABAJADORES_MESSAGES.rutDuplicate },
      { line: 6, column: 'RUT', message: CSV_LOAD_MESSAGES.duplicateInFile(2, TRABAJADORES_MESSAGES.rutDuplicate) },
      { line: 7, column: 'Nombres', message: TRABAJADORES_MESSAGES.namesRequired },
      { line: 8, column: 'Apellido Paterno', message: TRABAJADORES_MESSAGES.surnameRequired },
      { line: 9, column: 'Cargo', message: WORKER_LOAD_MESSAGES.cargoUnknown('Soldador') },
      { line: 10, column: 'Nivel 2', message: LOAD_LEVEL_MESSAGES.unknown('Faena', 'Faena Este') },
      { line: 11, column: 'Nivel 3', message: LOAD_LEVEL_MESSAGES.mismatch('Área', 'Planta') },
      { line: 12, column: 'Fecha ficha médica', message: WORKER_LOAD_MESSAGES.dateInvalid },
      { line: 13, column: 'Fecha ficha médica', message: WORKER_LOAD_MESSAGES.dateInvalid },
      { line: 14, column: 'RUT contratista', message: RUT_MESSAGES.invalid },
    ]);
  });

  it('refuses a file without the RUT or the names, whatever else it has', async () => {
    expect((await check('Nombre;Paterno\nAna;Soto')).problems).toEqual([
      { line: 1, column: null, message: CSV_LOAD_MESSAGES.missingColumns(['RUT']) },
    ]);
  });

  it('fills a contractor user’s RUT and refuses another contractor’s workers', async () => {
    const result = await check('RUT;Nombres;Apellido Paterno;RUT contratista\n12345678-5;Ana;Soto;\n76543210-3;Luis;Soto;11.111.111-1', context({ ownRut: '12345678-5' }));
    expect(result.fields).toMatchObject([{ RunPersona: '12345678-5', TipoEmpresa: 2, RutContratista: '12345678-5' }]);
    expect(result.problems).toEqual([{ line: 3, column: 'RUT contratista', message: WORKER_LOAD_MESSAGES.notOwn }]);
  });

  it('reads the same rows from an Excel workbook: dates as DD/MM/YYYY, numbers as text', async () => {
    const header = ['RUT', 'Nombres', 'Apellido Paterno', 'Cargo', 'Fecha ficha médica'].map((value) => ({ value }));
    const bytes = await writeXlsxFile([
      header,
      [{ value: '12.345.678-5' }, { value: 'Ana' }, { value: 'Soto' }, { value: 'Rigger' }, { value: new Date(Date.UTC(2026, 2, 5)), format: 'dd/mm/yyyy' }],
      [null, null, null, null, null],
      [{ value: 765432103 }, { value: 'Luis' }, { value: 'Soto' }, null, null],
    ]).toBuffer();
    const rows = await readSheetFile(new File([new Uint8Array(bytes)], 'nomina.xlsx'));
    expect(rows).toEqual([
      { line: 1, cells: ['RUT', 'Nombres', 'Apellido Paterno', 'Cargo', 'Fecha ficha médica'] },
      { line: 2, cells: ['12.345.678-5', 'Ana', 'Soto', 'Rigger', '05/03/2026'] },
      { line: 4, cells: ['765432103', 'Luis', 'Soto', '', ''] },
    ]);
    const result = await checkCsvLoad(rows, WORKER_LOAD, context());
    expect(result.problems).toEqual([]);
    expect(result.fields).toMatchObject([
      { RunPersona: '12345678-5', cargos: [RIGGER], FechaFichaMedica: '2026-03-05 00:00:00' },
      { RunPersona: '76543210-3' },
    ]);
  });
});
