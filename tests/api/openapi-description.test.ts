import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import undocumentedYet from './openapi-undocumented.json' with { type: 'json' };
import { startTestServer, type TestServer } from './support/api-harness.ts';

interface Operation {
  responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
  'x-permiso'?: { acceso?: string };
}
interface Description {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

let server: TestServer;
let description: Description;
let operations: { name: string; operation: Operation }[];

beforeAll(async () => {
  server = await startTestServer({ DEMO_SEED: '0' });
  description = (await server.request<Description>('GET', '/api/openapi.json')).body;
  operations = Object.entries(description.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${template}`, operation })),
  );
});
afterAll(async () => {
  await server.close();
});

describe('the API described whole', () => {
  it('documents every refusal in the error envelope, and who may call each operation', () => {
    expect(description.servers?.length).toBeGreaterThan(0);
    for (const { name, operation } of operations) {
      for (const status of ['400', '401', '403', '409']) expect(operation.responses?.[status], `${name} ${status}`).toBeDefined();
      const expected = operation['x-permiso']?.acceso === 'publico' ? [] : [{ bearerAuth: [] }];
      expect(operation.security, name).toEqual(expected);
    }
    expect(Object.keys(description.components.schemas)).toContain('ErrorEnvelope');
  });

  it('documents the success answer of every operation but the ones still listed, and the list only shrinks', () => {
    const undocumented = operations.filter(
      ({ operation }) => !Object.entries(operation.responses ?? {}).some(([status, answer]) => /^2/.test(status) && answer.content),
    );
    const names = undocumented.map(({ name }) => name);
    expect(
      names.filter((name) => !undocumentedYet.includes(name)),
      'an operation added without its answer',
    ).toEqual([]);
    expect(
      undocumentedYet.filter((name) => !names.includes(name)),
      'documented now: remove from openapi-undocumented.json',
    ).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'andes-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(description));
    const lint = await promisify(execFile)('node_modules/.bin/redocly', ['lint', file, '--format=json'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failed: { stdout: string }) => failed);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const problems = (JSON.parse(lint.stdout) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] })
      .problems;
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${decodeURIComponent(problem.location[0]!.pointer)}`);
    expect(errors).toEqual([]);
  }, 30_000);

  it('gives a typed client the answers, not never', async () => {
    const types = astToString(await openapiTS(description as never));
    const login = types.slice(types.indexOf('postApiAuthLogin: {'));
    const ok = login.slice(login.indexOf('200: {'), login.indexOf('400:'));
    expect(ok).toContain('"application/json": components["schemas"]');
    expect(ok).not.toContain('never');
  }, 30_000);
});
