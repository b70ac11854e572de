import { describe, expect, it } from 'vitest';
import { answerColour, semaforoAfterRejection, semaforoColour, semaforoOnDay, severityColour } from './traffic-light.ts';

describe('traffic lights (spec part 1, 9)', () => {
  it('maps answers, semaphores and severities to the three colours', () => {
    expect([answerColour(1), answerColour(2), answerColour(3), answerColour(null)]).toEqual(['verde', 'rojo', 'neutro', 'neutro']);
    expect([semaforoColour(1), semaforoColour(2), semaforoColour(3)]).toEqual(['verde', 'amarillo', 'rojo']);
    expect([severityColour('Baja'), severityColour('Media'), severityColour('Alta')]).toEqual(['verde', 'amarillo', 'rojo']);
  });

  it('turns an open observation red the day after its deadline, never an approved one', () => {
    const open = { Estado: 1, Aprobada: 0, Plazo: '2026-11-20', SemaforoObs: 2 } as const;
    expect(semaforoOnDay(open, '2026-11-20')).toBe(2);
    expect(semaforoOnDay(open, '2026-11-21')).toBe(3);
    expect(semaforoOnDay({ ...open, Aprobada: 1 }, '2026-12-01')).toBe(1);
    expect(semaforoOnDay({ ...open, Plazo: null }, '2026-12-01')).toBe(2);
  });

  it('reopens a rejected observation as yellow with its new deadline', () => {
    expect(semaforoAfterRejection('2026-12-05', '2026-11-21')).toBe(2);
    expect(semaforoAfterRejection('2026-11-20', '2026-11-21')).toBe(3);
  });
});
