import { describe, expect, it } from 'vitest';
import { attendanceExpiry, REALISATION_MESSAGES, realisationProblems, trainingState } from './training-rules.ts';

const signed = { Sha256: 'a'.repeat(64), Tipo: 'image/png' };
const attendee = (fields: Partial<{ Asistio: 0 | 1; Nota: number | null; Firma: unknown; Estado: 0 | 1 }> = {}) => ({
  Id: crypto.randomUUID(),
  Asistio: 1 as const,
  Nota: null,
  Firma: signed,
  Estado: 1 as const,
  ...fields,
});
const presenter = { Id: 'r1', Firma: signed, Estado: 1 as const };

describe('TR3: what a realised session holds', () => {
  it('needs an attendee, every attendee signed, and a presenter signature', () => {
    expect(realisationProblems({ Evaluada: 0, Participantes: [attendee()], Relatores: [presenter] })).toEqual([]);
    expect(realisationProblems({ Evaluada: 0, Participantes: [attendee({ Asistio: 0, Firma: null })], Relatores: [presenter] })).toEqual([
      { id: null, message: REALISATION_MESSAGES.attendeesRequired },
    ]);
    const unsigned = attendee({ Firma: null });
    expect(realisationProblems({ Evaluada: 0, Participantes: [attendee(), unsigned], Relatores: [presenter] })).toEqual([
      { id: unsigned.Id, message: REALISATION_MESSAGES.signatureRequired },
    ]);
    expect(realisationProblems({ Evaluada: 0, Participantes: [attendee()], Relatores: [{ ...presenter, Firma: null }] })).toEqual([
      { id: null, message: REALISATION_MESSAGES.presenterSignatureRequired },
    ]);
  });

  it('grades every attendee of an evaluated training on the 1,0-7,0 scale, and nobody else', () => {
    const ungraded = attendee();
    expect(realisationProblems({ Evaluada: 1, Participantes: [ungraded], Relatores: [presenter] })[0]!.message).toBe(
      REALISATION_MESSAGES.gradeRequired,
    );
    expect(realisationProblems({ Evaluada: 1, Participantes: [attendee({ Nota: 7.5 })], Relatores: [presenter] })[0]!.message).toBe(
      REALISATION_MESSAGES.gradeInvalid,
    );
    expect(realisationProblems({ Evaluada: 0, Participantes: [attendee({ Nota: 6 })], Relatores: [presenter] })[0]!.message).toBe(
      REALISATION_MESSAGES.gradeNotEvaluated,
    );
    expect(
      realisationProblems({
        Evaluada: 1,
        Participantes: [attendee({ Nota: 5.5 }), attendee({ Asistio: 0, Firma: null, Nota: 4 })],
        Relatores: [presenter],
      })[0]!.message,
    ).toBe(REALISATION_MESSAGES.gradeWithoutAttendance);
    // Removed participants are not judged.
    expect(
      realisationProblems({ Evaluada: 1, Participantes: [attendee({ Nota: 4 }), attendee({ Estado: 0 })], Relatores: [presenter] }),
    ).toEqual([]);
  });
});

describe('TR4: validity of an attendance', () => {
  it('is the realisation date plus the vigencia, clamped to the month end; 0 months is indefinite', () => {
    expect(attendanceExpiry('2026-01-31', 1, { Asistio: 1, Nota: null }, 0)).toBe('2026-02-28');
    expect(attendanceExpiry('2028-01-31', 1, { Asistio: 1, Nota: null }, 0)).toBe('2028-02-29');
    expect(attendanceExpiry('2026-05-10', 0, { Asistio: 1, Nota: null }, 0)).toBeNull();
  });

  it('gives no validity to an absent worker or one who failed an evaluated training', () => {
    expect(attendanceExpiry('2026-05-10', 12, { Asistio: 0, Nota: null }, 0)).toBeNull();
    expect(attendanceExpiry('2026-05-10', 12, { Asistio: 1, Nota: 3.9 }, 1)).toBeNull();
    expect(attendanceExpiry('2026-05-10', 12, { Asistio: 1, Nota: 4 }, 1)).toBe('2027-05-10');
  });

  it('reads vigente, por vencer, vencida or reprobada on a day', () => {
    expect(trainingState({ Asistio: 1, Nota: 6.2, FechaVencimiento: '2027-05-10' }, 1, '2026-11-21')).toBe('vigente');
    expect(trainingState({ Asistio: 1, Nota: null, FechaVencimiento: '2026-12-01' }, 0, '2026-11-21')).toBe('por-vencer');
    expect(trainingState({ Asistio: 1, Nota: null, FechaVencimiento: '2026-11-20' }, 0, '2026-11-21')).toBe('vencida');
    expect(trainingState({ Asistio: 1, Nota: null, FechaVencimiento: null }, 0, '2090-01-01')).toBe('vigente');
    expect(trainingState({ Asistio: 1, Nota: 2.5, FechaVencimiento: null }, 1, '2026-11-21')).toBe('reprobada');
  });
});
