import { formatRut } from '#sync/domain/rut.ts';
import { CARD_KINDS, type CardKind, type CardRows, EMPTY_CARD_MESSAGES, type PortalSearchAnswer } from '#sync/schemas/fiscales.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { documentTextOutline } from 'ionicons/icons';
import { CARDS, type CardDescription } from './inspector-cards.ts';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import '#app/ui/records.css';

interface InspectorResultsProps {
  answer: PortalSearchAnswer;
  onOpenPdf: (kind: CardKind, id: string) => void;
  opening: string | null;
}

/** The worker's name and the four cards of spec 2.5, each with its rows or its empty message. */
export function InspectorResults({ answer, onOpenPdf, opening }: InspectorResultsProps) {
  return (
    <section className="inspector-results" aria-labelledby="inspector-worker">
      <h2 id="inspector-worker">{answer.trabajador.Nombre}</h2>
      <p className="muted">
        RUT {formatRut(answer.trabajador.Rut)} · {answer.empresa.NombreEmpresa} ({formatRut(answer.empresa.RutEmpresa)})
      </p>
      <div className="inspector-results__cards">
        {CARD_KINDS.map((kind) => (
          <ResultCard
            key={kind}
            card={CARDS[kind] as CardDescription<CardKind>}
            rows={answer[kind] as CardRows[CardKind][]}
            onOpenPdf={onOpenPdf}
            opening={opening}
          />
        ))}
      </div>
    </section>
  );
}

interface ResultCardProps {
  card: CardDescription<CardKind>;
  rows: CardRows[CardKind][];
  onOpenPdf: (kind: CardKind, id: string) => void;
  opening: string | null;
}

function ResultCard({ card, rows, onOpenPdf, opening }: ResultCardProps) {
  const titleId = `inspector-card-${card.kind}`;
  return (
    <section className="card inspector-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {card.title} <span className="muted">({rows.length})</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">{EMPTY_CARD_MESSAGES[card.kind]}</p>
      ) : (
        <ScrollTable label={card.title}>
          <thead>
            <tr>
              {card.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">PDF</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.Id}>
                {card.columns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
                <td>
                  <IonButton
                    size="small"
                    fill="outline"
                    color="dark"
                    disabled={opening === row.Id}
                    aria-label={`Abrir PDF de ${card.rowName(row)}`}
                    onClick={() => onOpenPdf(card.kind, row.Id)}
                  >
                    <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
                    {opening === row.Id ? 'Abriendo…' : 'PDF'}
                  </IonButton>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
