import { describe, expect, it } from 'vitest';
import { isBatchablePath, pathAndQuery } from './sync-protocol.ts';

const BASE = 'http://lote.invalid';

describe('pathAndQuery', () => {
  it('reads every path and query exactly as a URL parser does', () => {
    const paths = [
      '/api/trabajadores/newtrabajadores2',
      '/api/perfil/perfil_usuario/3/76123456',
      '/api/epp/entregas/0190c0de-7a1b-7c2d-8e3f-000000000001?Faenas=propias&Antes=a,b',
      '/api/x?',
      '/api/x?a=1#frag',
      '/api/./x/../y',
      '/api/a%20b?c=d e',
      '/api/ñandú?q=ñ',
      '/api/x\\y',
      '/api//doble',
      '/api/x?q="<>"',
    ];
    for (const path of paths) {
      const url = new URL(path, BASE);
      expect(pathAndQuery(path, BASE), path).toMatchObject({ pathname: url.pathname, search: url.search });
    }
  });

  it('keeps refusing what normalises out of the API, to sign-in or to another batch', () => {
    expect(isBatchablePath('/api/trabajadores/newtrabajadores2')).toBe(true);
    expect(isBatchablePath('/api/../buzon')).toBe(false);
    expect(isBatchablePath('/api/x/../auth/login')).toBe(false);
    expect(isBatchablePath('/api/sync/batch')).toBe(false);
    expect(isBatchablePath('/api/%2e%2e/auth/login')).toBe(false);
  });
});
