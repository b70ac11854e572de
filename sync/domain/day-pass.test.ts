import { describe, expect, it } from 'vitest';
import {
  DAY_PASS_MESSAGES,
  dayPassProblem,
  generatePassKeys,
  importPassPublicKey,
  passPublicKey,
  signDayPass,
  verifyDayPass,
} from './day-pass.ts';

const pass = { Id: 'p1', Rut: '12345678-5', IdNivel2: 'faena', Hasta: '2026-11-23', Emitido: '2026-11-21T12:00:00.000Z' };

describe('the day pass the server signs (GA-PAS1)', () => {
  it('verifies offline with the public key alone, and refuses a pass altered, signed by another key or malformed', async () => {
    const keys = await generatePassKeys();
    const token = await signDayPass(keys.privateKey, pass);
    const publicKey = await importPassPublicKey(passPublicKey(await crypto.subtle.exportKey('jwk', keys.publicKey)));
    expect(await verifyDayPass(publicKey, token)).toEqual(pass);

    const [payload, signature] = token.split('.') as [string, string];
    const altered = btoa(JSON.stringify({ ...pass, Hasta: '2027-11-23' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(await verifyDayPass(publicKey, `${altered}.${signature}`)).toBeNull();
    const other = await generatePassKeys();
    expect(await verifyDayPass(other.publicKey, token)).toBeNull();
    for (const bad of ['', 'abc', `${payload}.`, `${payload}.${signature}.x`, `${payload}.${signature.slice(1)}`, `${payload}.%%`]) {
      expect(await verifyDayPass(publicKey, bad), bad).toBeNull();
    }
  });

  it('lets in only its person at its worksite through its last day, unless revoked', () => {
    const at = { Rut: '12345678-5', IdNivel2: 'faena', today: '2026-11-23', revoked: new Set<string>() };
    expect(dayPassProblem(pass, at)).toBeNull();
    expect(dayPassProblem(pass, { ...at, today: '2026-11-24' })).toBe(DAY_PASS_MESSAGES.expired);
    expect(dayPassProblem(pass, { ...at, Rut: '11111111-1' })).toBe(DAY_PASS_MESSAGES.otherPerson);
    expect(dayPassProblem(pass, { ...at, IdNivel2: 'otra' })).toBe(DAY_PASS_MESSAGES.otherWorksite);
    expect(dayPassProblem(pass, { ...at, revoked: new Set(['p1']) })).toBe(DAY_PASS_MESSAGES.revoked);
  });
});
