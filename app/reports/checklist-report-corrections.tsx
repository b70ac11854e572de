import { Text, View } from '@react-pdf/renderer';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import { kit, REPORT_COLOURS } from './report-kit.tsx';

/** Changes listed per correction; more are summed up in one line, so the note stays short. */
const LISTED_CHANGES = 6;

const quoted = (value: string) => `«${value || '—'}»`;

/**
 * «Corregida el DD/MM/AAAA por <nombre>» under the heading of a corrected inspection, one line per correction, each
 * with a short list of what changed (from the value before to the value after): the paper never passes for the
 * original. Nothing when the inspection was never corrected.
 */
export function CorrectionsNote({ corrections }: { corrections: ChecklistReportData['Correcciones'] }) {
  if (!corrections || corrections.length === 0) return null;
  return (
    <View style={{ marginBottom: 8, padding: 6, borderWidth: 0.5, borderColor: REPORT_COLOURS.border }} wrap={false}>
      {corrections.map((correction, index) => (
        <View key={index} style={index > 0 ? { marginTop: 4 } : undefined}>
          <Text style={kit.bold}>
            Corregida el {formatDisplayDate(correction.Fecha)} por {correction.Usuario}
          </Text>
          {correction.Cambios.slice(0, LISTED_CHANGES).map((change, line) => (
            <Text key={line}>
              • {change.Campo}: de {quoted(change.Antes)} a {quoted(change.Despues)}
            </Text>
          ))}
          {correction.Cambios.length > LISTED_CHANGES ? <Text>• y {correction.Cambios.length - LISTED_CHANGES} cambios más</Text> : null}
        </View>
      ))}
    </View>
  );
}
