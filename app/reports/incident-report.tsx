import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { SEMAFORO_LABELS, semaforoColour } from '#sync/domain/traffic-light.ts';
import type { IncidentReportData } from '#sync/schemas/incidentes-informe.ts';
import {
  chunk,
  CONTENT_WIDTH,
  FieldGrid,
  ImageBox,
  kit,
  LightLabel,
  PageFrame,
  REPORT_COLOURS,
  ReportHeading,
  type ReportSection,
  ReportSections,
} from './report-kit.tsx';

/**
 * The incident investigation report (spec 2.4), in the spec's order: type of event, background data, injured
 * persons, damage, description and evidence; then on a new page the causal analysis, risk evaluation, control
 * measures with traffic light and deadline, investigators and the reporter's signature. Image URLs must be drawable
 * already (report-images.ts); an empty URL prints as "no disponible".
 */
export function IncidentReport({ data }: { data: IncidentReportData }) {
  return (
    <Document
      title={`${data.Titulo} N° ${data.Folio}`}
      author={data.Empresa.Nombre}
      subject={data.Titulo}
      creator="Andes HSE"
      producer="Andes HSE"
      language="es-CL"
    >
      <Page size="A4" style={kit.page} wrap>
        <PageFrame headerLeft={data.Empresa.Nombre} headerRight={`Accidente N° ${data.Folio}`} />
        <ReportHeading
          company={data.Empresa}
          title={data.Titulo}
          subtitle={`Accidente N° ${data.Folio} · Caso ${data.EstadoCaso.toLowerCase()}`}
        />
        <ReportSections
          sections={[
            { title: 'Tipo de evento', keepWith: 40, empty: '', body: <FieldGrid rows={data.TipoEvento} columns={2} /> },
            { title: 'Antecedentes', keepWith: 40, empty: '', body: <FieldGrid rows={data.Antecedentes} columns={2} /> },
            {
              title: 'Personas lesionadas',
              keepWith: 60,
              empty: 'Sin personas lesionadas.',
              body:
                data.Lesionados.length > 0 ? data.Lesionados.map((rows, index) => <FieldGrid key={index} rows={rows} columns={2} />) : null,
            },
            { title: 'Daños', keepWith: 40, empty: '', body: <FieldGrid rows={data.Danos} columns={2} /> },
            { title: 'Descripción y evidencias', keepWith: 60, empty: '', body: <Evidence data={data} /> },
          ]}
        />
        <View break />
        <ReportSections
          sections={[
            { title: 'Análisis causal', keepWith: 40, empty: '', body: <CausalAnalysis data={data} /> },
            { title: 'Evaluación del riesgo', keepWith: 40, empty: '', body: <FieldGrid rows={data.EvaluacionRiesgo} columns={2} /> },
            measureSection(data.Medidas),
            {
              title: 'Investigadores',
              keepWith: SIGNATURE_HEIGHT,
              empty: 'Sin investigadores registrados.',
              body:
                data.Investigadores.length > 0 ? (
                  <Signatures
                    people={data.Investigadores.map((person) => ({ ...person, Detalle: person.Cargo, Fecha: person.FirmadoEn }))}
                  />
                ) : null,
            },
            {
              title: 'Firma de quien reporta',
              keepWith: SIGNATURE_HEIGHT,
              empty: 'Sin firma.',
              body: (
                <Signatures
                  people={[
                    {
                      Nombre: data.Informante.Nombre,
                      Rut: data.Informante.Rut,
                      Detalle: 'Informante',
                      Imagen: data.Informante.Imagen,
                      Fecha: data.Informante.Fecha,
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Page>
    </Document>
  );
}

export function incidentReportElement(data: IncidentReportData): ReactElement<ComponentProps<typeof Document>> {
  return <IncidentReport data={data} />;
}

const GAP = 8;
const PHOTOS_PER_ROW = 3;
const PHOTO_WIDTH = (CONTENT_WIDTH - (PHOTOS_PER_ROW - 1) * GAP) / PHOTOS_PER_ROW;
const PHOTO_HEIGHT = Math.round(PHOTO_WIDTH * 0.75);
const SIGNATURE_HEIGHT = 130;
const SIGNATURES_PER_ROW = 3;
const SIGNATURE_WIDTH = (CONTENT_WIDTH - (SIGNATURES_PER_ROW - 1) * GAP) / SIGNATURES_PER_ROW;

const styles = StyleSheet.create({
  paragraph: { marginBottom: 8, lineHeight: 1.4 },
  photoRow: { flexDirection: 'row', marginBottom: GAP },
  photo: { marginRight: GAP },
  caption: { fontSize: 7.5, color: REPORT_COLOURS.muted, marginTop: 2, width: PHOTO_WIDTH },
  subheading: { fontFamily: 'Helvetica-Bold', marginTop: 6, marginBottom: 3 },
  bullet: { marginLeft: 8, marginBottom: 2 },
  statement: { borderWidth: 0.5, borderColor: REPORT_COLOURS.border, padding: 6, marginBottom: 6 },
  measure: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: REPORT_COLOURS.border, paddingVertical: 4 },
  measureText: { flex: 1, paddingRight: 6 },
  measureCell: { width: 84, paddingRight: 4 },
  measureHead: { fontFamily: 'Helvetica-Bold', fontSize: 8 },
  signatures: { flexDirection: 'row' },
  signature: { width: SIGNATURE_WIDTH, marginBottom: 12, alignItems: 'center' },
  signatureLine: { width: '90%', borderTopWidth: 0.5, borderTopColor: REPORT_COLOURS.text, marginTop: 2, marginBottom: 3 },
  signatureText: { textAlign: 'center' },
});

function Evidence({ data }: { data: IncidentReportData }) {
  const photos = data.Evidencias.filter((evidence) => evidence.Imagen);
  const documents = data.Evidencias.filter((evidence) => !evidence.Imagen);
  return (
    <>
      <Text style={styles.paragraph}>{data.Descripcion || 'Sin descripción.'}</Text>
      {chunk(photos, PHOTOS_PER_ROW).map((photoRow, rowIndex) => (
        <View key={rowIndex} style={styles.photoRow} wrap={false}>
          {photoRow.map((photo, index) => (
            <View key={`${index}-${photo.Imagen!.Sha256}`} style={index < PHOTOS_PER_ROW - 1 ? styles.photo : undefined}>
              <ImageBox url={photo.Imagen!.Url} width={PHOTO_WIDTH} height={PHOTO_HEIGHT} />
              <Text style={styles.caption}>{photo.Nombre}</Text>
            </View>
          ))}
        </View>
      ))}
      {documents.length > 0 ? (
        <Text style={kit.muted}>Documentos adjuntos: {documents.map((document) => document.Nombre).join(', ')}</Text>
      ) : null}
      {data.Evidencias.length === 0 ? <Text style={kit.muted}>Sin evidencias.</Text> : null}
      {data.Declaraciones.map((statement, index) => (
        <View key={index} style={styles.statement} wrap={false}>
          <Text style={kit.bold}>Declaración de {statement.Nombre}</Text>
          {statement.Detalle ? <Text style={kit.muted}>{statement.Detalle}</Text> : null}
          <Text>{statement.Texto}</Text>
        </View>
      ))}
    </>
  );
}

function CausalAnalysis({ data }: { data: IncidentReportData }) {
  return (
    <>
      {data.AnalisisCausal.map((group) => (
        <View key={group.Titulo} wrap={false}>
          <Text style={styles.subheading}>{group.Titulo}</Text>
          {group.Items.length === 0 ? (
            <Text style={[styles.bullet, kit.muted]}>Sin registrar.</Text>
          ) : (
            group.Items.map((item) => (
              <Text key={item} style={styles.bullet}>
                · {item}
              </Text>
            ))
          )}
        </View>
      ))}
    </>
  );
}

function measureSection(measures: IncidentReportData['Medidas']): ReportSection {
  if (measures.length === 0) return { title: 'Medidas de control', keepWith: 0, empty: 'Sin medidas de control.', body: null };
  return {
    title: 'Medidas de control',
    keepWith: 40,
    empty: '',
    body: (
      <>
        <View style={styles.measure} wrap={false}>
          <Text style={[styles.measureText, styles.measureHead]}>Medida</Text>
          <Text style={[styles.measureCell, styles.measureHead]}>Responsable</Text>
          <Text style={[styles.measureCell, styles.measureHead]}>Plazo</Text>
          <Text style={[styles.measureCell, styles.measureHead]}>Semáforo</Text>
          <Text style={[styles.measureCell, styles.measureHead]}>Estado</Text>
        </View>
        {measures.map((measure, index) => (
          <View key={index} style={styles.measure} wrap={false}>
            <Text style={styles.measureText}>{measure.Medida}</Text>
            <Text style={styles.measureCell}>{measure.Responsable}</Text>
            <Text style={styles.measureCell}>{measure.Plazo ? formatDisplayDate(measure.Plazo) : 'Sin plazo'}</Text>
            <View style={styles.measureCell}>
              <LightLabel colour={semaforoColour(measure.Semaforo)} label={SEMAFORO_LABELS[measure.Semaforo]} />
            </View>
            <Text style={styles.measureCell}>{measure.EstadoTexto}</Text>
          </View>
        ))}
      </>
    ),
  };
}

interface Signer {
  Nombre: string;
  Rut: string;
  Detalle: string;
  Imagen: IncidentReportData['Informante']['Imagen'];
  Fecha: string;
}

function Signatures({ people }: { people: Signer[] }) {
  return (
    <>
      {chunk(people, SIGNATURES_PER_ROW).map((signers, rowIndex) => (
        <View key={rowIndex} style={styles.signatures} wrap={false}>
          {signers.map((person, index) => (
            <View key={index} style={[styles.signature, index < SIGNATURES_PER_ROW - 1 ? { marginRight: GAP } : {}]}>
              <ImageBox url={person.Imagen?.Url ?? ''} width={SIGNATURE_WIDTH - 16} height={60} missingLabel="Firma no disponible" />
              <View style={styles.signatureLine} />
              <Text style={[styles.signatureText, kit.bold]}>{person.Nombre}</Text>
              {person.Rut ? <Text style={styles.signatureText}>RUT {person.Rut}</Text> : null}
              <Text style={[styles.signatureText, kit.muted]}>
                {[person.Detalle, formatDisplayInstant(person.Fecha)].filter(Boolean).join(' · ')}
              </Text>
            </View>
          ))}
        </View>
      ))}
    </>
  );
}
