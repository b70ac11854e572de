import {
  ANSWER_LABELS,
  answerColour,
  LIGHT_HEX,
  type LightColour,
  SEMAFORO_LABELS,
  type Semaforo,
  semaforoColour,
  severityColour,
  type Severidad,
} from '#sync/domain/traffic-light.ts';
import './traffic-light.css';

interface LightChipProps {
  colour: LightColour;
  label: string;
  /** Read before the label by screen readers ("Semáforo: Rojo"), not shown. */
  prefix?: string;
}

/** A coloured dot with its word, for lists and details (spec 9: the same colours as the report). */
export function LightChip({ colour, label, prefix }: LightChipProps) {
  return (
    <span className={`light-chip light-chip--${colour}`}>
      <span className="light-chip__dot" style={{ background: LIGHT_HEX[colour] }} aria-hidden="true" />
      {prefix && <span className="visually-hidden">{prefix}: </span>}
      {label}
    </span>
  );
}

/** An observation's traffic light: Verde, Amarillo or Rojo. */
export function TrafficLight({ semaforo }: { semaforo: Semaforo }) {
  return <LightChip colour={semaforoColour(semaforo)} label={SEMAFORO_LABELS[semaforo]} prefix="Semáforo" />;
}

/** A statement's answer: Cumple (green), No cumple (red), No aplica (neutral); unanswered shows as such. */
export function AnswerChip({ answer }: { answer: number | null | undefined }) {
  const label = answer === 1 || answer === 2 || answer === 3 ? ANSWER_LABELS[answer] : 'Sin respuesta';
  return <LightChip colour={answerColour(answer)} label={label} prefix="Respuesta" />;
}

export function SeverityChip({ severity }: { severity: Severidad }) {
  return <LightChip colour={severityColour(severity)} label={severity} prefix="Gravedad" />;
}
