import { describe, expect, it } from 'vitest';
import { isNameOf, personName } from './person-name.ts';

describe('person names', () => {
  it('a person is named Nombres ApellidoPaterno ApellidoMaterno, skipping an empty surname', () => {
    expect(personName({ Nombres: 'Ana María', ApellidoPaterno: 'Soto', ApellidoMaterno: 'Lagos' })).toBe('Ana María Soto Lagos');
    expect(personName({ Nombres: 'Ana', ApellidoPaterno: 'Soto', ApellidoMaterno: '' })).toBe('Ana Soto');
    expect(personName({ Nombres: 'Ana', ApellidoPaterno: 'Soto', ApellidoMaterno: null })).toBe('Ana Soto');
  });

  it('EP6: a written name is one of the names ignoring case, Unicode composition and spaces', () => {
    const names = ['José Pérez Núñez'];
    expect(isNameOf('José Pérez Núñez', names)).toBe(true);
    expect(isNameOf('JOSÉ PÉREZ NÚÑEZ', names)).toBe(true);
    // Decomposed accents (e + U+0301), as some keyboards and PDFs write them.
    expect(isNameOf('Jose\u0301 Pe\u0301rez Nu\u0301n\u0303ez', names)).toBe(true);
    expect(isNameOf('  josé   pérez\u00a0núñez ', names)).toBe(true);
    expect(isNameOf('JoséPérezNúñez', names)).toBe(true);
  });

  it('EP6: any other name is refused: missing accents, a missing surname, another person, an empty name', () => {
    const names = ['José Pérez Núñez'];
    expect(isNameOf('Jose Perez Nunez', names)).toBe(false);
    expect(isNameOf('José Pérez', names)).toBe(false);
    expect(isNameOf('Persona Inventada', names)).toBe(false);
    expect(isNameOf('   ', names)).toBe(false);
    expect(isNameOf('', [''])).toBe(false);
    expect(isNameOf('José Pérez Núñez', [])).toBe(false);
  });

  it('EP6: an earlier name counts like the current one', () => {
    const names = ['Ana Soto Lagos', 'Ana Soto', 'Ana Lagos'];
    expect(isNameOf('ana soto', names)).toBe(true);
    expect(isNameOf('Ana Lagos', names)).toBe(true);
    expect(isNameOf('Ana Rojas', names)).toBe(false);
  });
});
