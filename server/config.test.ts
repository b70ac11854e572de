import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 3000, ./data, no SMTP and the demo seed', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: path.resolve('data'), demoSeed: true, smtp: undefined, mailboxOpen: false });
  });

  it('reads PORT, HOST, DATA_DIR and SMTP', () => {
    const config = parseConfig({ PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', SMTP_HOST: 'smtp.example.cl', SMTP_PORT: '465' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/tmp/x', smtp: { host: 'smtp.example.cl', port: 465 } });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => parseConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT: PORT debe ser un número de puerto/);
    expect(() => parseConfig({ SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET debe tener al menos 32 caracteres/);
    expect(() => parseConfig({ DEMO_SEED: 'si' })).toThrow(/DEMO_SEED debe ser 0 o 1/);
    expect(() => parseConfig({ MAILBOX_OPEN: 'si' })).toThrow(/MAILBOX_OPEN debe ser 0 o 1/);
  });

  it('opens the local mailbox beyond this machine only when MAILBOX_OPEN=1', () => {
    expect(parseConfig({ MAILBOX_OPEN: '1' }).mailboxOpen).toBe(true);
    expect(parseConfig({ MAILBOX_OPEN: '0' }).mailboxOpen).toBe(false);
  });
});

describe('verification base address', () => {
  it('defaults to this server on localhost and takes a public http(s) address without its trailing slash', () => {
    expect(parseConfig({ PORT: '4221' }).verificationBaseUrl).toBe('http://localhost:4221');
    expect(parseConfig({ VERIFICATION_BASE_URL: 'https://hse.andes.cl/' }).verificationBaseUrl).toBe('https://hse.andes.cl');
    expect(parseConfig({ VERIFICATION_BASE_URL: 'https://andes.cl/hse' }).verificationBaseUrl).toBe('https://andes.cl/hse');
  });

  it('stops on an address that is not http(s) or carries parameters', () => {
    for (const bad of ['hse.andes.cl', 'ftp://hse.andes.cl', 'https://hse.andes.cl/?x=1', 'https://usuario:clave@hse.andes.cl']) {
      expect(() => parseConfig({ VERIFICATION_BASE_URL: bad }), bad).toThrow(/VERIFICATION_BASE_URL debe ser una dirección http\(s\)/);
    }
  });
});

describe('file storage', () => {
  it('keeps files in DATA_DIR without DATABASE_URL, and in PostgreSQL with it', () => {
    expect(parseConfig({}).fileStorage).toEqual({ kind: 'folder' });
    expect(parseConfig({ DATABASE_URL: 'postgres://andes@db:5432/andes' }).fileStorage).toEqual({ kind: 'database' });
  });

  it('takes FILES_URL as an S3-compatible bucket and optional key prefix, with its endpoint and region', () => {
    const withPostgres = parseConfig({ DATABASE_URL: 'postgres://andes@db/andes', FILES_URL: 's3://andes-archivos/produccion/hse/' });
    expect(withPostgres.fileStorage).toEqual({
      kind: 's3',
      bucket: 'andes-archivos',
      prefix: 'produccion/hse',
      endpoint: undefined,
      region: 'us-east-1',
    });
    const minio = parseConfig({ FILES_URL: 's3://andes', FILES_S3_ENDPOINT: 'http://minio:9000', FILES_S3_REGION: 'auto' });
    expect(minio.fileStorage).toEqual({ kind: 's3', bucket: 'andes', prefix: '', endpoint: 'http://minio:9000', region: 'auto' });
  });

  it("hands the SDK AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when both are set, else leaves it to the SDK's other sources", () => {
    const keys = { AWS_ACCESS_KEY_ID: 'AKIAEJEMPLO', AWS_SECRET_ACCESS_KEY: 'secreto' };
    expect(parseConfig({ FILES_URL: 's3://andes', ...keys }).fileStorage).toMatchObject({
      credentials: { accessKeyId: 'AKIAEJEMPLO', secretAccessKey: 'secreto', sessionToken: undefined },
    });
    expect(parseConfig({ FILES_URL: 's3://andes', ...keys, AWS_SESSION_TOKEN: 'temporal' }).fileStorage).toMatchObject({
      credentials: { sessionToken: 'temporal' },
    });
    const keyWithoutSecret = parseConfig({ FILES_URL: 's3://andes', AWS_ACCESS_KEY_ID: 'AKIAEJEMPLO' });
    expect(keyWithoutSecret.fileStorage).toMatchObject({ credentials: undefined });
  });

  it('stops on a FILES_URL that is not s3://, an endpoint that is not http(s) and a malformed region', () => {
    for (const bad of ['/var/lib/archivos', 'https://s3.amazonaws.com/andes', 's3://', 's3://A_B/x', 'gs://andes']) {
      expect(() => parseConfig({ FILES_URL: bad }), bad).toThrow(/FILES_URL: FILES_URL debe ser una dirección s3:\/\/bucket\/prefijo/);
    }
    expect(() => parseConfig({ FILES_URL: 's3://andes', FILES_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /FILES_S3_ENDPOINT: FILES_S3_ENDPOINT debe ser una dirección http\(s\)/,
    );
    expect(() => parseConfig({ FILES_URL: 's3://andes', FILES_S3_REGION: 'US East' })).toThrow(
      /FILES_S3_REGION: FILES_S3_REGION debe ser una región como us-east-1/,
    );
  });
});
