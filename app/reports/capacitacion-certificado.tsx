import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import type { CertificadoCapacitacionData } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import { FieldGrid, kit, PageFrame, REPORT_COLOURS, SectionTitle } from './report-kit.tsx';
import { SIGNATURE_ROW_HEIGHT, SignatureRow } from './report-rows.tsx';

/**
 * The training certificate (spec 2.4): company, participant with RUT, training, type, hours, date, grade where
 * evaluated, presenters and validity, with the participant's and the presenters' signatures. Image URLs must be
 * drawable already (report-images.ts); an empty one prints as "no disponible".
 */
export function CertificadoCapacitacion({ data }: { data: CertificadoCapacitacionData }) {
  const rows = [
    { Etiqueta: 'Capacitación', Valor: data.Capacitacion.Tema },
    { Etiqueta: 'Tipo', Valor: data.Capacitacion.Tipo },
    { Etiqueta: 'Categoría', Valor: data.Capacitacion.Categoria },
    { Etiqueta: 'Duración', Valor: data.Capacitacion.Horas },
    { Etiqueta: 'Fecha de realización', Valor: data.Capacitacion.Fecha },
    { Etiqueta: 'Lugar', Valor: data.Capacitacion.Lugar },
    ...(data.Nota !== null ? [{ Etiqueta: 'Nota', Valor: `${data.Nota} (${data.Resultado})` }] : []),
    { Etiqueta: 'Vigencia', Valor: data.Vigencia },
  ];
  return (
    <Document
      title={`Certificado de capacitación ${data.Participante.Nombre}`}
      author={data.Empresa.Nombre}
      subject="Certificado de capacitación"
      creator="Andes HSE"
      producer="Andes HSE"
      language="es-CL"
    >
      <Page size="A4" style={kit.page} wrap>
        <PageFrame headerLeft={data.Empresa.Nombre} headerRight="Certificado de capacitación" />
        <View style={styles.company}>
          {data.Empresa.Logo?.Url ? <Image src={data.Empresa.Logo.Url} style={styles.logo} /> : null}
          <View>
            <Text style={styles.companyName}>{data.Empresa.Nombre}</Text>
            {data.Empresa.Rut ? <Text style={kit.muted}>RUT {data.Empresa.Rut}</Text> : null}
          </View>
        </View>
        <Text style={styles.title}>Certificado de capacitación</Text>
        <Text style={styles.statement}>
          Se certifica que <Text style={kit.bold}>{data.Participante.Nombre}</Text>, RUT{' '}
          <Text style={kit.bold}>{data.Participante.Rut}</Text>
          {data.Participante.Cargo ? `, ${data.Participante.Cargo},` : ','} asistió a la capacitación &quot;{data.Capacitacion.Tema}&quot;
          realizada el {data.Capacitacion.Fecha}.
        </Text>
        <FieldGrid rows={rows} columns={1} />
        <SectionTitle keepWith={SIGNATURE_ROW_HEIGHT}>Firmas</SectionTitle>
        <SignatureRow
          perRow={3}
          signatures={[
            { image: data.Participante.Firma, name: data.Participante.Nombre, rut: data.Participante.Rut, role: 'Participante' },
            ...data.Relatores.map((relator) => ({ image: relator.Firma, name: relator.Nombre, rut: relator.Rut, role: 'Relator' })),
          ]}
        />
        <Text style={styles.footer}>
          Folio {data.Folio} · Emitido el {data.Emitido}
        </Text>
      </Page>
    </Document>
  );
}

export function certificadoCapacitacionElement(data: CertificadoCapacitacionData): ReactElement<ComponentProps<typeof Document>> {
  return <CertificadoCapacitacion data={data} />;
}

const styles = StyleSheet.create({
  company: { flexDirection: 'row', alignItems: 'center', marginBottom: 14 },
  logo: { width: 110, height: 55, objectFit: 'contain', marginRight: 12 },
  companyName: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 18, marginBottom: 10, textAlign: 'center' },
  statement: { fontSize: 11, lineHeight: 1.4, marginBottom: 12 },
  footer: { marginTop: 16, fontSize: 8, color: REPORT_COLOURS.muted },
});
