import { Document, Page, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { complianceLabels } from '#sync/domain/compliance.ts';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import {
  ANSWER_LABELS,
  type Answer,
  answerColour,
  LIGHT_HEX,
  SEMAFORO_LABELS,
  semaforoColour,
  severityColour,
} from '#sync/domain/traffic-light.ts';
import type { ChecklistReportData, ReportObservation } from '#sync/schemas/inspecciones.schema.ts';
import {
  chunk,
  FieldGrid,
  ImageBox,
  kit,
  LightLabel,
  PageFrame,
  REPORT_COLOURS,
  ReportHeading,
  type ReportSection,
  ReportSections,
  SectionTitle,
} from './report-kit.tsx';
import {
  GAP,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  PHOTOS_PER_ROW,
  SIGNATURE_HEIGHT,
  SIGNATURE_WIDTH,
  SIGNATURES_PER_ROW,
  STATE_LOOKS,
  styles,
} from './checklist-report-styles.ts';
import { CorrectionsNote } from './checklist-report-corrections.tsx';

/**
 * The checklist report (spec 2.4): company and header rows, the statements of each item with their answers and
 * sub-questions, the grade, the signatures, and the observations of the checklist, the general ones and the gaps
 * (brechas), with traffic light, deadline, responsible person and photos. Image URLs must be drawable already
 * (`resolveReportImages` in report-images.ts); an empty URL prints as "no disponible".
 */
export function ChecklistReport({ data }: { data: ChecklistReportData }) {
  return (
    <Document
      title={`Informe ${data.Titulo}`}
      author={data.Empresa.Nombre}
      subject="Informe de checklist"
      creator="Andes HSE"
      producer="Andes HSE"
      language="es-CL"
    >
      <Page size="A4" style={kit.page} wrap>
        <PageFrame headerLeft={data.Empresa.Nombre} headerRight={data.Titulo} />
        <ReportHeading company={data.Empresa} title={data.Titulo} subtitle="Informe de checklist" />
        <CorrectionsNote corrections={data.Correcciones} />
        <FieldGrid rows={data.Encabezado.Filas} columns={data.Encabezado.Columnas} />
        {data.Preguntas.map((item, index) => (
          <ItemBlock key={`${index}-${item.Item}`} item={item} />
        ))}
        <GradeBlock nota={data.Nota} />
        <ReportSections
          sections={[
            {
              title: 'Firmas',
              keepWith: SIGNATURE_HEIGHT,
              empty: 'Sin firmas.',
              body: data.Firmas.length > 0 ? <Signatures firmas={data.Firmas} /> : null,
            },
            observationSection('Observaciones', data.Observaciones, 'Sin observaciones en los enunciados.'),
            observationSection('Observación general', data.ObservacionesG, 'Sin observación general.'),
            observationSection('Observación de brechas', data.ObservacionesB, 'Sin observación de brechas.'),
          ]}
        />
      </Page>
    </Document>
  );
}

/** The report as the element `pdf()` and `renderToBuffer()` take (they type it as a <Document> element). */
export function checklistReportElement(data: ChecklistReportData): ReactElement<ComponentProps<typeof Document>> {
  return <ChecklistReport data={data} />;
}

function AnswerBadge({ answer }: { answer: number | null }) {
  const label = answer === null ? 'Sin respuesta' : (ANSWER_LABELS[answer as Answer] ?? ANSWER_LABELS[3]);
  return <Text style={[styles.answer, { backgroundColor: LIGHT_HEX[answerColour(answer)] }]}>{label}</Text>;
}

// Blocks that may move to the next page are returned side by side, never inside one wrapping View: see FieldGrid.
function ItemBlock({ item }: { item: ChecklistReportData['Preguntas'][number] }) {
  return (
    <>
      <SectionTitle>{item.Item}</SectionTitle>
      {item.Enunciados.map((statement) => (
        <View key={statement.Numero} style={styles.statement} wrap={false}>
          <Text style={styles.statementNumber}>{statement.Numero}.</Text>
          <View style={styles.statementBody}>
            <Text>{statement.Texto}</Text>
            {statement.Subpreguntas.map((sub, index) => (
              <Text key={index} style={styles.subquestion}>
                {sub.Texto}: <Text style={{ color: REPORT_COLOURS.text }}>{sub.Respuesta || '—'}</Text>
              </Text>
            ))}
          </View>
          <AnswerBadge answer={statement.Respuesta} />
        </View>
      ))}
    </>
  );
}

function GradeBlock({ nota }: { nota: ChecklistReportData['Nota'] }) {
  const labels = complianceLabels(nota);
  const counts: [string, number][] = [
    ['Cumple', nota.Cumple],
    ['No cumple', nota.NoCumple],
    ['No aplica', nota.NoAplica],
  ];
  return (
    <View wrap={false}>
      <SectionTitle>Resultado</SectionTitle>
      <View style={styles.grade}>
        <View style={styles.gradeBox}>
          <Text style={styles.gradeMain}>Cumplimiento {labels.porcentaje}</Text>
        </View>
        <View style={styles.gradeBox}>
          <Text style={styles.gradeMain}>Nota {labels.nota}</Text>
        </View>
        {counts.map(([label, count]) => (
          <View key={label} style={styles.gradeBox}>
            <Text style={styles.gradeMain}>
              {label} {count}
            </Text>
          </View>
        ))}
      </View>
    </View>
  );
}

/** "2026-03-09T15:04:05Z" -> "09/03/2026", the day in Chile. */
function displayInstant(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? formatDisplayDate(instant) : formatDisplayDate(toWireDate(date));
}

function Signatures({ firmas }: { firmas: ChecklistReportData['Firmas'] }) {
  return (
    <>
      {chunk(firmas, SIGNATURES_PER_ROW).map((row, rowIndex) => (
        <View key={rowIndex} style={styles.signatures} wrap={false}>
          {row.map((firma, index) => (
            <View key={index} style={[styles.signature, index < SIGNATURES_PER_ROW - 1 ? { marginRight: GAP } : {}]}>
              <ImageBox url={firma.Imagen.Url} width={SIGNATURE_WIDTH - 16} height={60} missingLabel="Firma no disponible" />
              <View style={styles.signatureLine} />
              <Text style={[styles.signatureText, kit.bold]}>{firma.Nombre}</Text>
              {firma.Rut ? <Text style={styles.signatureText}>RUT {formatRut(firma.Rut)}</Text> : null}
              {firma.Cargo ? <Text style={styles.signatureText}>{firma.Cargo}</Text> : null}
              <Text style={[styles.signatureText, kit.muted]}>
                {firma.Rol} · {displayInstant(firma.FirmadoEn)}
              </Text>
            </View>
          ))}
        </View>
      ))}
    </>
  );
}

function MetaCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.metaCell}>
      <Text style={styles.metaLabel}>{label}</Text>
      {children}
    </View>
  );
}

/** About the height of the unbreakable start of a card: its section title keeps that much under it. */
function cardStartHeight(observation: ReportObservation): number {
  return 90 + (observation.Fotos.length > 0 ? PHOTO_HEIGHT + GAP : 0);
}

/** Up to this many characters, an observation's text, data and first row of photos stay on one page. */
const SHORT_OBSERVATION = 700;

function ObservationCard({ observation, number }: { observation: ReportObservation; number: number }) {
  const [firstRow, ...otherRows] = chunk(observation.Fotos, PHOTOS_PER_ROW);
  return (
    <View style={styles.observation}>
      <View wrap={observation.Observacion.length > SHORT_OBSERVATION}>
        <Text style={styles.observationTitle} minPresenceAhead={40}>
          Observación {number}
          {observation.Enunciado ? ` · ${observation.Enunciado}` : ''}
        </Text>
        <Text style={styles.observationText}>{observation.Observacion}</Text>
        <ObservationData observation={observation} />
        {firstRow ? <PhotoRow photos={firstRow} /> : null}
      </View>
      {otherRows.map((row, index) => (
        <PhotoRow key={index} photos={row} />
      ))}
    </View>
  );
}

/** A row of photos never splits: a photo is never cut at the foot of a page. */
function PhotoRow({ photos }: { photos: ReportObservation['Fotos'] }) {
  return (
    <View style={styles.photoRow} wrap={false}>
      {photos.map((photo, index) => (
        <View key={`${index}-${photo.Sha256}`} style={index < PHOTOS_PER_ROW - 1 ? styles.photo : undefined}>
          <ImageBox url={photo.Url} width={PHOTO_WIDTH} height={PHOTO_HEIGHT} />
        </View>
      ))}
    </View>
  );
}

function ObservationData({ observation }: { observation: ReportObservation }) {
  return (
    <View style={styles.meta} wrap={false}>
      <MetaCell label="Semáforo">
        <LightLabel colour={semaforoColour(observation.SemaforoObs)} label={SEMAFORO_LABELS[observation.SemaforoObs] ?? '—'} />
      </MetaCell>
      <MetaCell label="Estado">
        <Text style={[styles.state, STATE_LOOKS[observation.Estado]]}>{observation.EstadoTexto}</Text>
      </MetaCell>
      <MetaCell label="Gravedad">
        {observation.Severidad ? (
          <LightLabel colour={severityColour(observation.Severidad)} label={observation.Severidad} />
        ) : (
          <Text>—</Text>
        )}
      </MetaCell>
      <MetaCell label="Responsable">
        <Text>{observation.Responsable || '—'}</Text>
      </MetaCell>
      <MetaCell label="Plazo">
        <Text>{observation.Plazo ? `Plazo ${formatDisplayDate(observation.Plazo)}` : 'Sin plazo'}</Text>
      </MetaCell>
      <MetaCell label="Fotos">
        <Text>{observation.Fotos.length === 0 ? 'Sin fotos' : observation.Fotos.length}</Text>
      </MetaCell>
    </View>
  );
}

function observationSection(title: string, observations: ReportObservation[], empty: string): ReportSection {
  const [first] = observations;
  if (!first) return { title, keepWith: 0, empty, body: null };
  return {
    title,
    keepWith: cardStartHeight(first),
    empty,
    body: observations.map((observation, index) => <ObservationCard key={index} observation={observation} number={index + 1} />),
  };
}
