import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { FORMULARIOS_MESSAGES } from '#sync/schemas/formularios.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changedTemplateFields,
  copyName,
  editorValuesOf,
  nextLocalId,
  sameValue,
  statementSummary,
  type TemplateEditorValues,
  type TemplateFields,
  templateEditorSchema,
  typedRanges,
} from './formulario-editor-model.ts';
import { sampleTemplate } from './formulario-test-factory.ts';

function parse(values: TemplateEditorValues) {
  return v.safeParse(templateEditorSchema, values);
}

describe('template editor values', () => {
  it('round-trips a template: editing values and reading them back gives the same content', () => {
    const template = sampleTemplate();
    const values = editorValuesOf(template, 'inspeccion');
    expect(values.Contenido.Rangos[3]).toEqual({ Desde: '60', Hasta: '70', Nota: '4,0' });
    expect(values.Contenido.Items[0]!.Enunciados[1]!.Ponderacion).toBe('20');
    const result = parse(values);
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      Nombre: template.Nombre,
      Tipo: template.Tipo,
      Descripcion: template.Descripcion,
      Contenido: template.Contenido,
    });
    expect(changedTemplateFields(template, result.output as never)).toEqual({});
  });

  it('a new template starts with one item, one statement and the default scale', () => {
    const values = editorValuesOf(null, 'observacion');
    expect(values.Tipo).toBe('observacion');
    expect(values.Contenido.Items).toHaveLength(1);
    expect(typedRanges(values.Contenido.Rangos)).toEqual(DEFAULT_RANGOS);
  });

  it('reads grades with a decimal comma and refuses what is not a number', () => {
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    values.Contenido.Rangos[7]!.Nota = '6,8';
    const read = parse(values);
    expect(read.success && read.output.Contenido.Rangos[7]?.Nota).toBe(6.8);
    values.Contenido.Rangos[7]!.Nota = 'siete';
    const result = parse(values);
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toContainEqual([
      'Contenido.Rangos.7.Nota',
      FORMULARIOS_MESSAGES.gradeInvalid,
    ]);
  });

  it('keeps the editor paths in the messages: a blank statement and a weight out of range', () => {
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    values.Contenido.Items[1]!.Enunciados[0]!.Texto = '  ';
    values.Contenido.Items[0]!.Enunciados[0]!.Ponderacion = '150';
    values.Nombre = '';
    const paths = parse(values).issues?.map((issue) => [v.getDotPath(issue), issue.message]);
    expect(paths).toContainEqual(['Contenido.Items.1.Enunciados.0.Texto', FORMULARIOS_MESSAGES.statementRequired]);
    expect(paths).toContainEqual(['Contenido.Items.0.Enunciados.0.Ponderacion', FORMULARIOS_MESSAGES.weightInvalid]);
    expect(paths).toContainEqual(['Nombre', FORMULARIOS_MESSAGES.nameRequired]);
  });

  it('links a statement to an EPP item (issue #16) and leaves unlinked statements without IdEpp, so saving unchanged makes no new version', () => {
    const template = sampleTemplate();
    const read = (values: TemplateEditorValues) => parse(values).output as TemplateFields;
    const unchanged = read(editorValuesOf(template, 'inspeccion'));
    const statements = unchanged.Contenido.Items.flatMap((item) => item.Enunciados);
    expect(statements.every((statement) => !('IdEpp' in statement))).toBe(true);
    expect(changedTemplateFields(template, { ...template, ...unchanged })).toEqual({});

    const casco = '0193a8f2-7c4e-7a10-8b11-2f9e0c1d4a55';
    const values = editorValuesOf(template, 'inspeccion');
    expect(values.Contenido.Items[0]!.Enunciados[0]!.IdEpp).toBe('');
    values.Contenido.Items[0]!.Enunciados[0]!.IdEpp = casco;
    const linked = read(values);
    expect(linked.Contenido.Items[0]!.Enunciados[0]).toMatchObject({ IdEnunciado: 'e1', IdEpp: casco });
    expect(Object.keys(changedTemplateFields(template, { ...template, ...linked }))).toEqual(['Contenido']);
    // Read back, the link is what the editor shows; unlinking it removes it again.
    const again = editorValuesOf({ ...template, ...linked }, 'inspeccion');
    expect(again.Contenido.Items[0]!.Enunciados[0]!.IdEpp).toBe(casco);
    again.Contenido.Items[0]!.Enunciados[0]!.IdEpp = '';
    expect(changedTemplateFields(template, { ...template, ...read(again) })).toEqual({});
  });

  it('a link to something that is not an id is refused with the link message', () => {
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    values.Contenido.Items[0]!.Enunciados[0]!.IdEpp = 'casco';
    expect(parse(values).issues?.map((issue) => issue.message)).toContain(FORMULARIOS_MESSAGES.eppInvalid);
  });

  it('a gap in the grade scale is the coverage error', () => {
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    values.Contenido.Rangos[1]!.Desde = '25';
    const result = parse(values);
    expect(result.issues?.map((issue) => issue.message)).toContain(FORMULARIOS_MESSAGES.rangesInvalid);
    expect(typedRanges(values.Contenido.Rangos)?.[1]?.Desde).toBe(25);
  });

  it('through the react-hook-form resolver: errors at the field names, and the body on success', async () => {
    const resolver = valibotResolver(templateEditorSchema);
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    const ok = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.values).toMatchObject({ Contenido: { Items: [{ Enunciados: [{ Ponderacion: 10 }, { Ponderacion: 20 }] }, {}] } });
    values.Contenido.Items[0]!.Nombre = '';
    const failed = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((failed.errors as { Contenido?: { Items?: { Nombre?: { message?: string } }[] } }).Contenido?.Items?.[0]?.Nombre?.message).toBe(
      FORMULARIOS_MESSAGES.itemNameRequired,
    );
  });
});

describe('template ids and changes', () => {
  it('a new part takes the next free short id and existing ids are kept', () => {
    const values = editorValuesOf(sampleTemplate(), 'inspeccion');
    expect(nextLocalId('e', values)).toBe('e8');
    expect(nextLocalId('i', values)).toBe('i3');
    expect(nextLocalId('s', values)).toBe('s2');
    expect(nextLocalId('c', values)).toBe('c2');
    expect(nextLocalId('e', editorValuesOf(null, 'varios'))).toBe('e2');
  });

  it('CF2: only the changed fields; content compared by value, not key order', () => {
    const template = sampleTemplate();
    const reordered = JSON.parse(
      JSON.stringify({
        Rangos: template.Contenido.Rangos,
        Items: template.Contenido.Items,
        CamposEncabezado: template.Contenido.CamposEncabezado,
        ColumnasEncabezado: 2,
      }),
    );
    expect(sameValue(template.Contenido, reordered)).toBe(true);
    expect(changedTemplateFields(template, { ...template, Nombre: 'Herramientas', Contenido: reordered })).toEqual({
      Nombre: 'Herramientas',
    });
    const moved = { ...template.Contenido, Items: [template.Contenido.Items[1]!, template.Contenido.Items[0]!] };
    expect(changedTemplateFields(template, { ...template, Contenido: moved })).toEqual({ Contenido: moved });
  });

  it('summary and copy name', () => {
    expect(statementSummary(sampleTemplate().Contenido)).toEqual({ statements: 3, weight: 35 });
    expect(copyName('Altura')).toBe('Copia de Altura');
    expect(copyName('x'.repeat(150))).toHaveLength(150);
  });
});
