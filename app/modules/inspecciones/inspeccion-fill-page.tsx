import { computeCompliance, complianceLabels } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { type InspectionProblem, UNANSWERED_STATEMENT } from '#sync/domain/inspection-rules.ts';
import type { Answer } from '#sync/domain/traffic-light.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { type Firma, INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import { IonButton, useIonToast } from '@ionic/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { DraftObservation, InspectionDraft } from '#app/db/inspection-rows.ts';
import { useNiveles } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { CorrectionNotice, isCorrecting, useRefusedWrite } from '#app/ui/records/record-correction.tsx';
import { draftProblems, finishDraft } from './draft-finish.ts';
import { problemAnchor } from './draft-fields.tsx';
import { DraftHeaderForm } from './draft-header-form.tsx';
import { DraftHeaderSummary } from './draft-header-summary.tsx';
import { useDraft } from './draft-queries.ts';
import { refusalOf, reopenRefusedDraft } from './draft-reopen.ts';
import { DraftSignatures } from './draft-signatures.tsx';
import {
  addObservation,
  deleteDraft,
  type DraftHeader,
  DraftError,
  type ExtraObservationType,
  removeObservation,
  removeSignature,
  saveSignature,
  setAnswer,
  setDraftHeader,
  setHeaderField,
  setSubanswer,
  type SignerDetails,
  updateObservation,
} from './draft-store.ts';
import { ExtraObservations } from './extra-observations.tsx';
import { FillProgressBar, type ItemProgress } from './fill-progress-bar.tsx';
import { type StatementActions, StatementRow } from './statement-row.tsx';
import { settleDraftWrites, trackDraftWrite } from './use-draft-text.ts';
import '#app/ui/records.css';
import './inspecciones.css';

const UNSAVED_SIGNATURE: InspectionProblem = {
  target: { kind: 'firmas' },
  message: 'Hay una firma dibujada sin guardar: pulsa «Guardar firma» o límpiala',
};
const MAX_LISTED_PROBLEMS = 8;

function hasContent(observation: DraftObservation | undefined): boolean {
  return Boolean(observation && (observation.Observacion.trim() || observation.Archivos.length || observation.Responsable.trim() || observation.Plazo));
}

function headerOf(draft: InspectionDraft): DraftHeader {
  const { Fecha, Lugar, IdNivel2, IdNivel3, Supervisor, Observados, EquipoTrabajo, RutContratista, IdCliente, Encabezado } = draft;
  return { Fecha, Lugar, IdNivel2, IdNivel3, Supervisor, Observados, EquipoTrabajo, RutContratista, IdCliente, Encabezado };
}

/** Scrolls to the place of a problem (or a statement) and moves the focus there. */
function focusAnchor(anchor: string): void {
  const element = document.getElementById(anchor);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}

function describeProblem(problem: InspectionProblem, numbers: ReadonlyMap<string, number>, observationStatement: ReadonlyMap<string, string>): string {
  const { target } = problem;
  if (target.kind === 'enunciado') return `Enunciado ${numbers.get(target.id) ?? ''}: ${problem.message}`;
  if (target.kind === 'observacion') {
    const statement = observationStatement.get(target.id);
    return statement ? `Observación del enunciado ${numbers.get(statement) ?? ''}: ${problem.message}` : problem.message;
  }
  if (target.kind === 'encabezado' || target.kind === 'campo') return `Encabezado: ${problem.message}`;
  return problem.message;
}

/** The problems as the finish section lists them: statements without an answer are one line, pointing at the first. */
function problemSummary(problems: InspectionProblem[], numbers: ReadonlyMap<string, number>, observationStatement: ReadonlyMap<string, string>) {
  const unanswered = problems.filter((problem) => problem.target.kind === 'enunciado' && problem.message === UNANSWERED_STATEMENT);
  const lines: { text: string; problem: InspectionProblem }[] = [];
  for (const problem of problems) {
    if (problem === unanswered[0] && unanswered.length > 1) {
      const first = problem.target.kind === 'enunciado' ? numbers.get(problem.target.id) : undefined;
      lines.push({ problem, text: `${INSPECCIONES_MESSAGES.answersIncomplete}: faltan ${unanswered.length}, desde el enunciado ${first ?? ''}` });
    } else if (!unanswered.includes(problem) || unanswered.length === 1) {
      lines.push({ problem, text: describeProblem(problem, numbers, observationStatement) });
    }
  }
  return lines;
}

/** `/inspecciones/editar/{id}`: the checklist being filled, saved on every answer, finished into the outbox. */
export function InspeccionFillPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const db = useDevice()?.db;
  const draft = useDraft(id);
  const refused = useRefusedWrite(searchParams.get('corregir'), 'inspecciones', id);
  const finishedRow = useDbQuery(async (database) => (id && draft === null ? ((await database.inspecciones.get(id)) ?? null) : null), [id, draft === null]);
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  const [presentToast] = useIonToast();
  const [pending, setPending] = useState<Readonly<Record<string, Answer>>>({});
  const [showProblems, setShowProblems] = useState(false);
  const [extraProblems, setExtraProblems] = useState<InspectionProblem[]>([]);
  const [editingHeader, setEditingHeader] = useState(false);
  const [unsavedSignature, setUnsavedSignature] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [reopening, setReopening] = useState(false);

  const userName = fullName(session);
  const userId = session.usuario.IdUsuario;
  const me = useMemo(() => ({ id: userId, name: userName }), [userId, userName]);
  const readOnly = draft?.estado !== 'abierta';
  const content = draft?.formulario.Contenido;

  const reportError = useCallback(
    (error: unknown) => {
      void presentToast({
        message: error instanceof DraftError ? error.message : 'No fue posible guardar el cambio en este dispositivo',
        color: 'danger',
        duration: 4000,
        position: 'top',
      });
    },
    [presentToast],
  );

  /** Every change of the draft goes through here: written at once, and a refusal is shown, never swallowed. */
  const write = useCallback((change: Promise<unknown>) => trackDraftWrite(change).catch(reportError), [reportError]);

  const actions: StatementActions = useMemo(
    () => ({
      answer: (statementId, answer, observation) => {
        if (!db || !id) return;
        const apply = () => {
          // Shown at once; the draft read back from the database takes over as soon as it has the same answer.
          setPending((current) => ({ ...current, [statementId]: answer }));
          void trackDraftWrite(setAnswer(db, id, statementId, answer)).catch((error: unknown) => {
            setPending(({ [statementId]: _dropped, ...rest }) => rest);
            reportError(error);
          });
        };
        if (answer !== 2 && hasContent(observation)) {
          void confirm({
            header: 'Cambiar la respuesta',
            message: 'Este enunciado tiene una observación con datos. Si cambias la respuesta, la observación se descartará.',
            confirmText: 'Cambiar respuesta',
          }).then((confirmed) => confirmed && apply());
        } else apply();
      },
      subanswer: (statementId, subquestionId, text) => (db && id ? write(setSubanswer(db, id, statementId, subquestionId, text)) : undefined),
      updateObservation: (observationId, patch) => {
        if (db && id) void write(updateObservation(db, id, observationId, patch));
      },
      me,
    }),
    [db, id, me, confirm, reportError, write],
  );

  const onObservationChange = actions.updateObservation;
  const onAddObservation = useCallback(
    (tipo: ExtraObservationType) => {
      if (db && id) void write(addObservation(db, id, tipo));
    },
    [db, id, write],
  );
  const onRemoveObservation = useCallback(
    async (observationId: string) => {
      if (!db || !id) return;
      const confirmed = await confirm({ header: 'Eliminar observación', message: 'Se eliminará esta observación con sus fotos. ¿Continuar?' });
      if (confirmed) void write(removeObservation(db, id, observationId));
    },
    [db, id, confirm, write],
  );
  const onHeaderChange = useCallback((patch: Partial<DraftHeader>) => (db && id ? write(setDraftHeader(db, id, patch)) : undefined), [db, id, write]);
  const onHeaderFieldChange = useCallback((fieldId: string, value: string) => (db && id ? write(setHeaderField(db, id, fieldId, value)) : undefined), [db, id, write]);
  const onSaveSignature = useCallback(
    async (signer: SignerDetails, png: Parameters<typeof saveSignature>[3]) => {
      if (!db || !id) return;
      await trackDraftWrite(saveSignature(db, id, signer, png));
    },
    [db, id],
  );
  const onRemoveSignature = useCallback(
    async (firma: Firma) => {
      if (!db || !id) return;
      const confirmed = await confirm({ header: 'Eliminar firma', message: `Se eliminará la firma de ${firma.Nombre}. ¿Continuar?` });
      if (confirmed) void write(removeSignature(db, id, firma.IdFirma));
    },
    [db, id, confirm, write],
  );

  // An optimistic answer gives way once the draft read back from the database has it.
  useEffect(() => {
    if (!draft) return;
    setPending((current) => {
      const left = Object.entries(current).filter(([statementId, answer]) => draft.respuestas[statementId]?.Respuesta !== answer);
      return left.length === Object.keys(current).length ? current : Object.fromEntries(left);
    });
  }, [draft]);

  const numbers = useMemo(() => new Map(content ? statementsOf(content).map((statement, index) => [statement.IdEnunciado, index + 1]) : []), [content]);
  const respuestas = draft?.respuestas;
  const answerOf = useCallback((statementId: string): Answer | undefined => pending[statementId] ?? respuestas?.[statementId]?.Respuesta, [pending, respuestas]);
  const compliance = useMemo(
    () =>
      computeCompliance(
        content ?? { Items: [], Rangos: [] },
        [...numbers.keys()].flatMap((statementId) => {
          const answer = answerOf(statementId);
          return answer ? [{ IdEnunciado: statementId, Respuesta: answer }] : [];
        }),
      ),
    [content, numbers, answerOf],
  );
  const observations = draft?.observaciones;
  const checklistObservations = useMemo(
    () => new Map((observations ?? []).filter((obs) => obs.TipoObs === 'Checklist' && obs.Estado === 1).map((obs) => [obs.IdEnunciado ?? '', obs])),
    [observations],
  );
  const extraObservations = useMemo(
    () => ({
      General: (observations ?? []).filter((obs) => obs.TipoObs === 'General' && obs.Estado === 1),
      Brechas: (observations ?? []).filter((obs) => obs.TipoObs === 'Brechas' && obs.Estado === 1),
    }),
    [observations],
  );
  const observationStatement = useMemo(() => new Map((observations ?? []).map((obs) => [obs.IdObservacion, obs.IdEnunciado ?? ''])), [observations]);

  const liveProblems = useMemo(() => (draft && showProblems && !readOnly ? draftProblems(draft) : []), [draft, showProblems, readOnly]);
  const problems = useMemo(
    () => (showProblems ? [...liveProblems, ...extraProblems, ...(unsavedSignature ? [UNSAVED_SIGNATURE] : [])] : []),
    [showProblems, liveProblems, extraProblems, unsavedSignature],
  );
  const byAnchor = useMemo(() => {
    const map = new Map<string, string>();
    for (const problem of problems) {
      const anchor = problemAnchor(problem.target);
      map.set(anchor, map.has(anchor) ? `${map.get(anchor)} ${problem.message}` : problem.message);
    }
    return map;
  }, [problems]);
  const extraTextProblems = useMemo(
    () => new Map(problems.flatMap((problem) => (problem.target.kind === 'observacion' ? [[problem.target.id, problem.message] as const] : []))),
    [problems],
  );
  const headerHasProblems = problems.some((problem) => problem.target.kind === 'encabezado' || problem.target.kind === 'campo');

  const itemProgress: ItemProgress[] = useMemo(
    () =>
      (content?.Items ?? []).map((item, index) => ({
        id: item.IdItem,
        label: `${index + 1}. ${item.Nombre}`,
        answered: item.Enunciados.filter((statement) => answerOf(statement.IdEnunciado)).length,
        total: item.Enunciados.length,
      })),
    [content, answerOf],
  );

  const jumpToItem = useCallback((itemId: string) => focusAnchor(`insp-item-${itemId}`), []);
  const nextUnanswered = () => {
    const next = content ? statementsOf(content).find((statement) => !answerOf(statement.IdEnunciado)) : undefined;
    focusAnchor(next ? `insp-enunciado-${next.IdEnunciado}` : 'insp-finalizar');
  };

  const showFirstProblem = (found: InspectionProblem[]) => {
    const first = found[0];
    if (!first) return;
    if (first.target.kind === 'encabezado' || first.target.kind === 'campo') setEditingHeader(true);
    // After the header form (if it was closed) is on screen.
    requestAnimationFrame(() => focusAnchor(problemAnchor(first.target)));
  };

  const finish = async () => {
    if (!db || !id || finishing) return;
    setFinishing(true);
    try {
      await settleDraftWrites();
      const fresh = await db.borradores.get(id);
      if (!fresh) return;
      const found = [...draftProblems(fresh), ...(unsavedSignature ? [UNSAVED_SIGNATURE] : [])];
      setExtraProblems([]);
      if (found.length > 0) {
        setShowProblems(true);
        showFirstProblem(found);
        return;
      }
      const confirmed = await confirm({
        header: 'Finalizar inspección',
        message: 'Una vez finalizada no se puede modificar. Queda guardada en este dispositivo y se envía al servidor en cuanto haya conexión.',
        confirmText: 'Finalizar',
      });
      if (!confirmed) return;
      const result = await finishDraft(id, { userName });
      if (!result.ok) {
        setShowProblems(true);
        setExtraProblems(result.problems.filter((problem) => problem.target.kind === 'general'));
        showFirstProblem(result.problems);
        return;
      }
      showSaved(INSPECCIONES_MESSAGES.created, 3500);
      navigate(paths.inspecciones.detalles.href(id), { replace: true });
    } catch (error) {
      setShowProblems(true);
      setExtraProblems([{ target: { kind: 'general' }, message: error instanceof Error ? error.message : 'No fue posible finalizar la inspección' }]);
      requestAnimationFrame(() => focusAnchor('insp-finalizar'));
    } finally {
      setFinishing(false);
    }
  };

  /** SPEC IN11: the refused finish leaves the outbox and the draft opens again, as it was, to be corrected. */
  const reopen = async () => {
    if (!id || !isCorrecting(refused) || reopening) return;
    setReopening(true);
    try {
      if (await reopenRefusedDraft(refused.entry.key)) {
        showSaved('Inspección reabierta: corrígela y finalízala de nuevo');
        navigate(paths.inspecciones.editar.href(id), { replace: true });
      }
    } catch (error) {
      reportError(error);
    } finally {
      setReopening(false);
    }
  };

  const removeDraft = async () => {
    if (!db || !id) return;
    const confirmed = await confirm({
      header: 'Eliminar inspección en curso',
      message: 'Se eliminarán de este dispositivo sus respuestas, observaciones, fotos y firmas. Esta acción no se puede deshacer.',
    });
    if (!confirmed) return;
    await deleteDraft(db, id);
    showSaved('Inspección en curso eliminada');
    navigate(paths.dashboard.href, { replace: true });
  };

  if (draft === undefined || !levels2 || !levels3) {
    return (
      <PageContent>
        <PageLoading />
      </PageContent>
    );
  }
  if (draft === null || !content) {
    return (
      <PageContent>
        <div className="page-body">
          <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title="Inspección en curso" />
          <p className="notice notice--warning">La inspección en curso no está en este dispositivo.</p>
          {finishedRow && <Link to={paths.inspecciones.detalles.href(finishedRow.IdEvaluacion)}>Ver la inspección finalizada</Link>}
        </div>
      </PageContent>
    );
  }

  const header = headerOf(draft);
  const refusal = refusalOf(draft);
  const labels = complianceLabels(compliance);
  const level2Label = levelName(session, 2);
  const level3Label = levelName(session, 3);
  const headerOpen = (editingHeader || headerHasProblems) && !readOnly;
  const summary = problemSummary(problems, numbers, observationStatement);
  const listed = summary.slice(0, MAX_LISTED_PROBLEMS);

  return (
    <>
      <FillProgressBar compliance={compliance} items={itemProgress} readOnly={readOnly} onJumpToItem={jumpToItem} onNextUnanswered={nextUnanswered} />
      <PageContent className="insp-fill-content">
        <div className="page-body insp-fill">
          <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title={draft.formulario.Nombre} />
          <p className="muted insp-fill__meta">
            Versión {draft.formulario.VersionFormulario} del formulario · {compliance.Total} enunciados
            {readOnly ? '' : ' · se guarda en este dispositivo con cada respuesta'}
          </p>
          {readOnly &&
            (isCorrecting(refused) ? (
              <>
                <CorrectionNotice
                  refused={refused}
                  hint="Reábrela para corregirla: sus respuestas, observaciones, fotos y firmas se conservan, y al finalizarla de nuevo se enviará otra vez."
                />
                {hasPermission(session, paths.inspecciones.list.href, 'crear') && (
                  <div className="button-row">
                    <IonButton size="large" disabled={reopening} onClick={() => void reopen()}>
                      {reopening ? 'Reabriendo…' : 'Reabrir para corregir'}
                    </IonButton>
                  </div>
                )}
              </>
            ) : (
              <div className="notice notice--success" role="status">
                <p>Esta inspección fue finalizada y ya no se puede modificar.</p>
                <Link to={paths.inspecciones.detalles.href(draft.IdEvaluacion)}>Ver inspección</Link>
              </div>
            ))}
          {!readOnly && refusal && (
            <div className="notice notice--error" role="alert">
              <p>El servidor rechazó esta inspección: {refusal.mensaje}</p>
              <p>Corrige lo necesario y finalízala de nuevo.</p>
            </div>
          )}

          <section className="card insp-section" aria-labelledby="insp-encabezado-title">
            <div className="insp-section__head">
              <h2 id="insp-encabezado-title">Encabezado</h2>
              {!readOnly && !headerHasProblems && (
                <IonButton fill="clear" color="dark" size="small" aria-expanded={headerOpen} onClick={() => setEditingHeader((open) => !open)}>
                  {headerOpen ? 'Listo' : 'Editar encabezado'}
                </IonButton>
              )}
            </div>
            {headerOpen ? (
              <DraftHeaderForm
                header={header}
                campos={content.CamposEncabezado}
                columns={content.ColumnasEncabezado}
                level2Label={level2Label}
                level3Label={level3Label}
                levels2={levels2}
                levels3={levels3}
                contractorFixed={isContractorUser(session) ? session.usuario.IdContratista : null}
                problems={byAnchor}
                onChange={onHeaderChange}
                onFieldChange={onHeaderFieldChange}
              />
            ) : (
              <DraftHeaderSummary
                header={header}
                fields={content.CamposEncabezado.map((campo) => ({
                  id: campo.IdCampo,
                  label: campo.Etiqueta,
                  value: (campo.Tipo === 'fecha' ? formatDisplayDate(draft.Encabezado[campo.IdCampo]) : draft.Encabezado[campo.IdCampo]) ?? '',
                }))}
                level2Label={level2Label}
                level3Label={level3Label}
                levels={[...levels2, ...levels3]}
              />
            )}
          </section>

          {content.Items.map((item, itemIndex) => {
            const progress = itemProgress[itemIndex];
            return (
              <section key={item.IdItem} className="insp-item" aria-labelledby={`insp-item-${item.IdItem}`}>
                <div className="insp-item__head">
                  <h2 id={`insp-item-${item.IdItem}`} tabIndex={-1}>
                    {itemIndex + 1}. {item.Nombre}
                  </h2>
                  <span className="insp-item__count">
                    {progress?.answered} de {progress?.total}
                  </span>
                </div>
                <ol className="insp-statements">
                  {item.Enunciados.map((statement) => {
                    const statementId = statement.IdEnunciado;
                    const answered = draft.respuestas[statementId];
                    const observation = checklistObservations.get(statementId);
                    const observationId = observation?.IdObservacion ?? '';
                    return (
                      <StatementRow
                        key={statementId}
                        statement={statement}
                        number={numbers.get(statementId) ?? 0}
                        answer={answerOf(statementId)}
                        subanswers={answered?.Subrespuestas ?? draft.subrespuestasPendientes?.[statementId]}
                        observation={observation}
                        fecha={draft.Fecha}
                        problem={byAnchor.get(`insp-enunciado-${statementId}`)}
                        textProblem={byAnchor.get(`insp-obs-${observationId}-Observacion`)}
                        responsibleProblem={byAnchor.get(`insp-obs-${observationId}-Responsable`)}
                        deadlineProblem={byAnchor.get(`insp-obs-${observationId}-Plazo`)}
                        readOnly={readOnly}
                        actions={actions}
                      />
                    );
                  })}
                </ol>
              </section>
            );
          })}

          {(['General', 'Brechas'] as const).map((tipo) => (
            <ExtraObservations
              key={tipo}
              tipo={tipo}
              observations={extraObservations[tipo]}
              fecha={draft.Fecha}
              textProblems={extraTextProblems}
              readOnly={readOnly}
              me={me}
              onAdd={onAddObservation}
              onChange={onObservationChange}
              onRemove={onRemoveObservation}
            />
          ))}

          <DraftSignatures
            firmas={draft.firmas}
            supervisor={draft.Supervisor}
            readOnly={readOnly}
            problem={byAnchor.get('insp-firmas')}
            onSave={onSaveSignature}
            onRemove={onRemoveSignature}
            onUnsavedChange={setUnsavedSignature}
          />

          {!readOnly && (
            <section id="insp-finalizar" className="card insp-section insp-finish" aria-labelledby="insp-finalizar-title" tabIndex={-1}>
              <h2 id="insp-finalizar-title">Finalizar inspección</h2>
              <p>
                {compliance.Respondidos} de {compliance.Total} respondidas · Cumple {compliance.Cumple} · No cumple {compliance.NoCumple} · No aplica {compliance.NoAplica}
              </p>
              <p className="insp-finish__grade">
                Cumplimiento <strong>{labels.porcentaje}</strong> · Nota <strong>{labels.nota}</strong>
              </p>
              <div role="alert">
                {problems.length > 0 && (
                  <div className="notice notice--error insp-problems">
                    <p>No se puede finalizar todavía:</p>
                    <ul>
                      {listed.map((line, index) => (
                        <li key={index}>
                          <button type="button" className="insp-link-button" onClick={() => showFirstProblem([line.problem])}>
                            {line.text}
                          </button>
                        </li>
                      ))}
                    </ul>
                    {summary.length > listed.length && <p>y {summary.length - listed.length} más, marcadas en la inspección.</p>}
                  </div>
                )}
              </div>
              <IonButton expand="block" size="large" className="insp-finish__button" disabled={finishing} onClick={() => void finish()}>
                {finishing ? 'Finalizando…' : 'Finalizar inspección'}
              </IonButton>
              <div className="button-row insp-finish__secondary">
                <IonButton fill="outline" color="danger" size="small" onClick={() => void removeDraft()}>
                  Eliminar inspección en curso
                </IonButton>
              </div>
            </section>
          )}
        </div>
      </PageContent>
    </>
  );
}
