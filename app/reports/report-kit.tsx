import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import { formatRut } from '#sync/domain/rut.ts';
import { LIGHT_HEX, type LightColour } from '#sync/domain/traffic-light.ts';
import type { ReportImage } from '#sync/records/record-fields.ts';

/**
 * Pieces every report shares: the frame of each page (small repeated header, "Página n de m"), section titles,
 * label/value grids, traffic-light dots and image boxes. Pure @react-pdf: no DOM, so the server draws it too.
 * Text uses the PDF's built-in Helvetica (WinAnsi): Spanish letters, "—", "·" and "…" print; other symbols do not.
 */
export const REPORT_COLOURS = {
  text: '#1f1f1f',
  muted: '#5f6368',
  border: '#d7d9dd',
  band: '#f3f4f6',
  accent: '#f5c400',
} as const;

export const PAGE_PADDING = { top: 58, bottom: 50, horizontal: 36 } as const;
/** A4 is 595.28 pt wide. */
export const CONTENT_WIDTH = 595.28 - 2 * PAGE_PADDING.horizontal;

export const kit = StyleSheet.create({
  page: {
    paddingTop: PAGE_PADDING.top,
    paddingBottom: PAGE_PADDING.bottom,
    paddingHorizontal: PAGE_PADDING.horizontal,
    fontFamily: 'Helvetica',
    fontSize: 9,
    color: REPORT_COLOURS.text,
  },
  runningHeaderSlot: {
    position: 'absolute',
    top: 22,
    left: PAGE_PADDING.horizontal,
    right: PAGE_PADDING.horizontal,
  },
  runningHeader: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 0.5,
    borderBottomColor: REPORT_COLOURS.border,
    paddingBottom: 4,
    fontSize: 7.5,
    color: REPORT_COLOURS.muted,
  },
  footerLeft: {
    position: 'absolute',
    bottom: 22,
    left: PAGE_PADDING.horizontal,
    width: CONTENT_WIDTH / 2,
    fontSize: 7.5,
    color: REPORT_COLOURS.muted,
  },
  footerRight: {
    position: 'absolute',
    bottom: 22,
    right: PAGE_PADDING.horizontal,
    width: CONTENT_WIDTH / 2,
    textAlign: 'right',
    fontSize: 7.5,
    color: REPORT_COLOURS.muted,
  },
  sectionTitle: {
    marginTop: 14,
    marginBottom: 6,
    paddingVertical: 4,
    paddingHorizontal: 6,
    backgroundColor: REPORT_COLOURS.band,
    borderLeftWidth: 3,
    borderLeftColor: REPORT_COLOURS.accent,
    fontFamily: 'Helvetica-Bold',
    fontSize: 11,
  },
  fieldRow: {
    flexDirection: 'row',
    borderLeftWidth: 0.5,
    borderBottomWidth: 0.5,
    borderColor: REPORT_COLOURS.border,
  },
  fieldRowFirst: { borderTopWidth: 0.5 },
  field: {
    flexDirection: 'row',
    borderRightWidth: 0.5,
    borderColor: REPORT_COLOURS.border,
  },
  fieldLabel: {
    width: '38%',
    padding: 4,
    backgroundColor: REPORT_COLOURS.band,
    fontFamily: 'Helvetica-Bold',
  },
  fieldValue: {
    width: '62%',
    padding: 4,
  },
  lightRow: { flexDirection: 'row', alignItems: 'center' },
  lightDot: { width: 8, height: 8, borderRadius: 4, marginRight: 4 },
  missingImage: {
    alignItems: 'center',
    justifyContent: 'center',
    borderWidth: 0.5,
    borderStyle: 'dashed',
    borderColor: REPORT_COLOURS.border,
    color: REPORT_COLOURS.muted,
    fontSize: 7.5,
  },
  muted: { color: REPORT_COLOURS.muted },
  bold: { fontFamily: 'Helvetica-Bold' },
});

interface PageFrameProps {
  /** Left of the small header repeated from page 2 on (the first page has the full company block). */
  headerLeft: string;
  headerRight: string;
}

/** Repeated small header (from page 2) and "Página n de m": place inside a wrapping <Page>. */
export function PageFrame({ headerLeft, headerRight }: PageFrameProps) {
  return (
    <>
      <View
        fixed
        style={kit.runningHeaderSlot}
        render={({ pageNumber }) =>
          pageNumber > 1 ? (
            <View style={kit.runningHeader}>
              <Text>{headerLeft}</Text>
              <Text>{headerRight}</Text>
            </View>
          ) : null
        }
      />
      <Text fixed style={kit.footerLeft}>
        {headerLeft}
      </Text>
      <Text fixed style={kit.footerRight} render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
    </>
  );
}

/**
 * A section title that does not stay alone at the bottom of a page: `keepWith` is about the height (pt) of the
 * first block under it, which must fit under the title on the same page or both move to the next one.
 */
export function SectionTitle({ children, keepWith = 48 }: { children: ReactNode; keepWith?: number }) {
  return (
    <Text style={kit.sectionTitle} minPresenceAhead={keepWith}>
      {children}
    </Text>
  );
}

/** A titled part of a report; a null `body` prints the `empty` line under the title instead. */
export interface ReportSection {
  title: string;
  /** About the height (pt) of the first unbreakable block of the body, kept on the title's page. */
  keepWith: number;
  empty: string;
  body: ReactNode | null;
}

/**
 * Sections one after the other. An empty section (its title and its line) never splits, and the empty sections that
 * close the report move to the next page as one block: the last page never holds only a "Sin ..." line.
 * (minPresenceAhead alone does not keep a one-line text with its title in @react-pdf 4.)
 */
export function ReportSections({ sections }: { sections: ReportSection[] }) {
  const lastWithBody = sections.map((section) => section.body !== null).lastIndexOf(true);
  const closing = sections.slice(lastWithBody + 1);
  return (
    <>
      {sections.slice(0, lastWithBody + 1).map((section) =>
        section.body === null ? (
          <EmptySection key={section.title} section={section} />
        ) : (
          <Fragment key={section.title}>
            <SectionTitle keepWith={section.keepWith}>{section.title}</SectionTitle>
            {section.body}
          </Fragment>
        ),
      )}
      {closing.length > 0 ? (
        <View wrap={false}>
          {closing.map((section) => (
            <EmptySection key={section.title} section={section} />
          ))}
        </View>
      ) : null}
    </>
  );
}

function EmptySection({ section }: { section: ReportSection }) {
  return (
    <View wrap={false}>
      <Text style={kit.sectionTitle}>{section.title}</Text>
      <Text style={kit.muted}>{section.empty}</Text>
    </View>
  );
}

export interface LabelledValue {
  Etiqueta: string;
  Valor: string;
}

/**
 * Label/value rows in one or two columns; a row never splits across pages. Rows are returned side by side (not
 * inside one wrapping View): @react-pdf moves a block to the next page only when its parent already has something
 * on the current one, and squeezes it into the page otherwise.
 */
export function FieldGrid({ rows, columns }: { rows: LabelledValue[]; columns: 1 | 2 }) {
  const lines = chunk(rows, columns);
  return (
    <>
      {lines.map((line, lineIndex) => (
        <View key={lineIndex} style={[kit.fieldRow, lineIndex === 0 ? kit.fieldRowFirst : {}]} wrap={false}>
          {line.map((row, index) => (
            <View key={`${index}-${row.Etiqueta}`} style={[kit.field, { width: columns === 2 ? '50%' : '100%' }]}>
              <Text style={kit.fieldLabel}>{row.Etiqueta}</Text>
              <Text style={kit.fieldValue}>{row.Valor || '—'}</Text>
            </View>
          ))}
        </View>
      ))}
    </>
  );
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));
}

/** A coloured dot and its word: colour alone never carries the meaning (printed in black and white). */
export function LightLabel({ colour, label }: { colour: LightColour; label: string }) {
  return (
    <View style={kit.lightRow}>
      <View style={[kit.lightDot, { backgroundColor: LIGHT_HEX[colour] }]} />
      <Text>{label}</Text>
    </View>
  );
}

interface ImageBoxProps {
  /** A drawable URL (see report-images.ts), or '' when the image could not be had. */
  url: string;
  width: number;
  height: number;
  missingLabel?: string;
}

/** An image scaled to fit its box, never cropped; a labelled empty box when the image is not available. */
export function ImageBox({ url, width, height, missingLabel = 'Imagen no disponible' }: ImageBoxProps) {
  if (!url) {
    return (
      <View style={[kit.missingImage, { width, height }]}>
        <Text>{missingLabel}</Text>
      </View>
    );
  }
  // cache={false}: a long-lived worker renders many reports; photos are seldom reused and weigh megabytes.
  return <Image src={url} cache={false} style={{ width, height, objectFit: 'contain' }} />;
}

const headingStyles = StyleSheet.create({
  company: { flexDirection: 'row', alignItems: 'center', marginBottom: 10 },
  logo: { width: 110, height: 55, objectFit: 'contain', marginRight: 12 },
  companyName: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 16, marginBottom: 2 },
  subtitle: { color: REPORT_COLOURS.muted, marginBottom: 10 },
});

/** The company a report is of: its name, RUT and logo (a signed address or the device's copy). */
export interface ReportCompany {
  Nombre: string;
  Rut: string;
  Logo: ReportImage | null;
}

/** How a report opens: the company's logo, name and RUT, then the report's title and what it is. */
export function ReportHeading({ company, title, subtitle }: { company: ReportCompany; title: string; subtitle: string }) {
  return (
    <View>
      <View style={headingStyles.company}>
        {company.Logo?.Url ? <Image src={company.Logo.Url} style={headingStyles.logo} /> : null}
        <View>
          <Text style={headingStyles.companyName}>{company.Nombre}</Text>
          {company.Rut ? <Text style={kit.muted}>RUT {formatRut(company.Rut)}</Text> : null}
        </View>
      </View>
      <Text style={headingStyles.title}>{title}</Text>
      <Text style={headingStyles.subtitle}>{subtitle}</Text>
    </View>
  );
}
