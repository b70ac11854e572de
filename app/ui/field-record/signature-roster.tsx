import { formatRut } from '#sync/domain/rut.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { IonButton } from '@ionic/react';
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import type { LocalFile } from '#app/data/local-write.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { useSignatureUrls } from './use-signature-urls.ts';
import './signature-roster.css';

/** A person of a field record as the roster shows them. */
export interface RosterPerson {
  id: string;
  name: string;
  rut: string | null;
  signature: FileRef | null;
  signedAt: string | null;
  /** The button that opens their pad; none when they sign in turn (`next`) or not at all. */
  signLabel?: string;
  /** Their signature may be taken back ("Borrar firma de …"). */
  clearable?: boolean;
  /** They may leave the record ("Quitar a …"). */
  removable?: boolean;
  /** What the finish found missing for them. */
  problem?: string;
}

/** What the open pad of a person may do: save their signature (the pad closes once the draft holds it), or close. */
export interface PadControls {
  sign: (png: LocalFile | null) => Promise<void>;
  cancel: () => void;
}

interface SignatureRosterProps<P extends RosterPerson> {
  /** The list's accessible name. */
  label: string;
  people: readonly P[];
  renderPad: (person: P, pad: PadControls) => ReactNode;
  onSign: (id: string, png: LocalFile | null) => Promise<void>;
  onClear?: (id: string) => Promise<void>;
  onRemove?: (id: string) => Promise<void>;
  /** The person whose pad stays open: who signs next, in turn (a crew's workers). */
  next?: string;
}

/**
 * The people who sign a field record, each with their state and signature; one pad open at a time. Taking a
 * signature back or a person out asks first. A signature changes its own row only: rows are memoised on what they
 * show, their actions are stable, and each signature's image keeps its URL (`useSignatureUrls`).
 */
export function SignatureRoster<P extends RosterPerson>(props: SignatureRosterProps<P>) {
  const { label, people, renderPad, onSign, onClear, onRemove, next } = props;
  const confirm = useConfirm();
  const { write: change } = useDraftWrite();
  // Whose pad is open, and the drawing being saved there (its hash): the pad closes when the draft holds it, in the
  // same render that shows the signature; a save that fails leaves it open, as it was.
  const [signing, setSigning] = useState<{ id: string; saved: string | null } | null>(null);
  if (signing?.saved) {
    const saving = people.find((person) => person.id === signing.id);
    if (!saving || saving.signature?.Sha256 === signing.saved) setSigning(null);
  }
  const { urls, remember } = useSignatureUrls(people.flatMap((person) => (person.signature ? [person.signature] : [])));
  // The rows' actions read the handlers of the latest render, so they never change.
  const latest = useRef({ people, onSign, onClear, onRemove });
  latest.current = { people, onSign, onClear, onRemove };
  const actions = useMemo<RowActions>(() => {
    const nameOf = (id: string) => latest.current.people.find((person) => person.id === id)?.name ?? '';
    const asked = async (header: string, message: string, work: () => Promise<void>) => {
      if (!(await confirm({ header, message, confirmText: 'Aceptar' }))) return;
      change(work());
    };
    return {
      open: (id) => setSigning({ id, saved: null }),
      cancel: () => setSigning(null),
      sign: async (id, png) => {
        if (png) {
          remember(png);
          setSigning({ id, saved: png.sha256 });
        }
        await latest.current.onSign(id, png);
      },
      clear: (id) => void asked('Borrar firma', `¿Borrar la firma de ${nameOf(id)}?`, () => latest.current.onClear!(id)),
      remove: (id) => void asked('Quitar persona', `¿Quitar a ${nameOf(id)}?`, () => latest.current.onRemove!(id)),
    };
  }, [change, confirm, remember]);
  return (
    <ul className="signature-roster" aria-label={label}>
      {people.map((person) => (
        <RosterRow
          key={person.id}
          person={person}
          url={person.signature ? urls?.get(person.signature.Sha256) : undefined}
          open={person.id === next || signing?.id === person.id}
          renderPad={renderPad as (person: RosterPerson, pad: PadControls) => ReactNode}
          actions={actions}
        />
      ))}
    </ul>
  );
}

interface RowActions {
  open: (id: string) => void;
  cancel: () => void;
  sign: (id: string, png: LocalFile | null) => Promise<void>;
  clear: (id: string) => void;
  remove: (id: string) => void;
}

interface RosterRowProps {
  person: RosterPerson;
  url: string | undefined;
  open: boolean;
  renderPad: (person: RosterPerson, pad: PadControls) => ReactNode;
  actions: RowActions;
}

/** A closed row changes only when what it shows does (every read of the draft gives new objects); an open pad always. */
function sameRow(before: RosterRowProps, after: RosterRowProps): boolean {
  if (before.open || after.open || before.url !== after.url || before.actions !== after.actions) return false;
  const [a, b] = [before.person, after.person];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof RosterPerson>;
  return [...keys].every((key) => (key === 'signature' ? a.signature?.Sha256 === b.signature?.Sha256 : a[key] === b[key]));
}

const RosterRow = memo(function RosterRow({ person, url, open, renderPad, actions }: RosterRowProps) {
  const { id, name } = person;
  return (
    <li className={`signature-roster__person${person.signature ? ' signature-roster__person--signed' : ''}`}>
      <div className="signature-roster__who">
        <span className="signature-roster__name">{name}</span>
        {person.rut && <span className="muted">{formatRut(person.rut)}</span>}
        <span className="signature-roster__state">
          {person.signature && person.signedAt ? `Firmó el ${formatDisplayDateTime(new Date(person.signedAt))}` : 'Sin firma'}
        </span>
        {person.problem && <span className="field-error">{person.problem}</span>}
      </div>
      {url && <img className="signature-roster__signature" src={url} alt={`Firma de ${name}`} />}
      {open ? (
        renderPad(person, { sign: (png) => actions.sign(id, png), cancel: actions.cancel })
      ) : (
        <div className="button-row">
          {person.clearable && person.signature ? (
            <IonButton fill="outline" color="dark" onClick={() => actions.clear(id)}>
              Borrar firma de {name}
            </IonButton>
          ) : (
            person.signLabel && (
              <IonButton fill={person.signature ? 'outline' : 'solid'} color={person.signature ? 'dark' : 'primary'} onClick={() => actions.open(id)}>
                {person.signLabel}
              </IonButton>
            )
          )}
          {person.removable && (
            <IonButton fill="clear" color="danger" onClick={() => actions.remove(id)}>
              Quitar a {name}
            </IonButton>
          )}
        </div>
      )}
    </li>
  );
}, sameRow);
