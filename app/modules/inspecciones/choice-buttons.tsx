import type { CSSProperties } from 'react';
import './choice-buttons.css';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the light's colour (WCAG contrast), for the chosen button's text. */
export function textOn(hex: string): string {
  const background = luminance(hex);
  const onWhite = 1.05 / (background + 0.05);
  const onDark = (background + 0.05) / (luminance('#1f1f1f') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#1f1f1f';
}

export interface Choice<T> {
  value: T;
  label: string;
  /** The light's colour (LIGHT_HEX): the border at rest, the fill when chosen. */
  colour: string;
}

interface ChoiceButtonsProps<T> {
  /** Accessible name of the group ("Respuesta", "Semáforo", ...). */
  label: string;
  choices: readonly Choice<T>[];
  value: T | null | undefined;
  onChoose: (value: T) => void;
  disabled?: boolean;
  size?: 'large' | 'small';
  describedBy?: string;
}

/**
 * One of a few values as toggle buttons (aria-pressed): a tap chooses, the chosen one is filled with its colour
 * and marked with a tick, so the state never rests on colour alone. Arrow keys do not change the choice on their
 * own: an answer changed by accident would create or discard an observation.
 */
export function ChoiceButtons<T extends string | number>({ label, choices, value, onChoose, disabled, size = 'large', describedBy }: ChoiceButtonsProps<T>) {
  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className={`choice choice--${size}`}>
      {choices.map((choice) => {
        const pressed = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            className="choice__button"
            aria-pressed={pressed}
            disabled={disabled}
            style={{ '--choice-colour': choice.colour, '--choice-text': textOn(choice.colour) } as CSSProperties}
            onClick={() => {
              if (!pressed) onChoose(choice.value);
            }}
          >
            <span className="choice__tick" aria-hidden="true">
              {pressed ? '✓' : ''}
            </span>
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
