/** The checklist report's page geometry and styles: photo and signature grids sized from the content width. */
import { StyleSheet } from '@react-pdf/renderer';
import { CONTENT_WIDTH, REPORT_COLOURS } from './report-kit.tsx';

export const PHOTOS_PER_ROW = 3;
export const GAP = 8;
const CARD_PADDING = 8;
export const PHOTO_WIDTH = (CONTENT_WIDTH - 2 * CARD_PADDING - (PHOTOS_PER_ROW - 1) * GAP) / PHOTOS_PER_ROW;
export const PHOTO_HEIGHT = Math.round(PHOTO_WIDTH * 0.75);
export const SIGNATURE_HEIGHT = 130;
export const SIGNATURES_PER_ROW = 3;
export const SIGNATURE_WIDTH = (CONTENT_WIDTH - (SIGNATURES_PER_ROW - 1) * GAP) / SIGNATURES_PER_ROW;

export const styles = StyleSheet.create({
  statement: {
    flexDirection: 'row',
    alignItems: 'flex-start',
    paddingVertical: 4,
    borderBottomWidth: 0.5,
    borderBottomColor: REPORT_COLOURS.border,
  },
  statementNumber: { width: 24, fontFamily: 'Helvetica-Bold' },
  statementBody: { flex: 1, paddingRight: 8 },
  subquestion: { marginTop: 2, color: REPORT_COLOURS.muted },
  answer: {
    width: 64,
    borderRadius: 3,
    paddingVertical: 2,
    color: '#ffffff',
    fontFamily: 'Helvetica-Bold',
    fontSize: 8,
    textAlign: 'center',
  },
  grade: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 12 },
  gradeBox: {
    borderWidth: 0.5,
    borderColor: REPORT_COLOURS.border,
    paddingVertical: 6,
    paddingHorizontal: 10,
    marginRight: GAP,
    marginBottom: GAP,
  },
  gradeMain: { fontSize: 11, fontFamily: 'Helvetica-Bold' },
  signatures: { flexDirection: 'row' },
  signature: { width: SIGNATURE_WIDTH, marginBottom: 12, alignItems: 'center' },
  signatureLine: { width: '90%', borderTopWidth: 0.5, borderTopColor: REPORT_COLOURS.text, marginTop: 2, marginBottom: 3 },
  signatureText: { textAlign: 'center' },
  observation: { borderWidth: 0.5, borderColor: REPORT_COLOURS.border, padding: CARD_PADDING, marginBottom: 10 },
  observationTitle: { fontFamily: 'Helvetica-Bold', marginBottom: 3 },
  observationText: { marginBottom: 6 },
  meta: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 2 },
  metaCell: { width: '33.3%', marginBottom: 4, paddingRight: 6 },
  metaLabel: { fontSize: 7.5, color: REPORT_COLOURS.muted },
  state: {
    alignSelf: 'flex-start',
    borderWidth: 1,
    borderRadius: 2,
    paddingHorizontal: 4,
    paddingVertical: 1,
    fontFamily: 'Helvetica-Bold',
    fontSize: 8,
  },
  photoRow: { flexDirection: 'row', marginTop: GAP },
  photo: { marginRight: GAP },
});

/** As on screen (SPEC OV5): square beside the round light, an open one hollow and dashed, an approved one filled. */
export const STATE_LOOKS = StyleSheet.create({
  abierta: { borderStyle: 'dashed', borderColor: REPORT_COLOURS.text, backgroundColor: '#ffffff', color: REPORT_COLOURS.text },
  respondida: { borderColor: '#0b5cad', backgroundColor: '#e8f0fb', color: '#0b3d75' },
  rechazada: { borderColor: '#b3861a', backgroundColor: '#fff6d6', color: '#4d3c00' },
  vencida: { borderColor: '#a5281b', backgroundColor: '#a5281b', color: '#ffffff' },
  aprobada: { borderColor: '#1e6b2f', backgroundColor: '#1e6b2f', color: '#ffffff' },
});
