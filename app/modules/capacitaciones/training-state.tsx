import { formatDisplayDate } from '#sync/domain/dates.ts';
import { TRAINING_STATE_LABELS, type TrainingState } from '#sync/domain/training-rules.ts';

/** The state of a training in words (never colour alone), with its expiry when it has one. */
export function TrainingStateChip({ state, expiry }: { state: TrainingState; expiry: string | null }) {
  const until = state === 'reprobada' ? '' : expiry ? ` (${state === 'vencida' ? 'venció' : 'vence'} el ${formatDisplayDate(expiry)})` : ' (indefinida)';
  return (
    <span className={`training-state training-state--${state}`}>
      {TRAINING_STATE_LABELS[state]}
      {until}
    </span>
  );
}
