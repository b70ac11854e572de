import path from 'node:path';
import * as v from 'valibot';
import type { S3Location } from './files/s3-file-bytes.ts';
import { isProxyEntry, TrustedProxies } from './http/client-address.ts';

const port = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} debe ser un número de puerto (1-65535)`),
    v.transform(Number),
    v.number(),
    v.minValue(1, `${name} debe ser un número de puerto (1-65535)`),
    v.maxValue(65535, `${name} debe ser un número de puerto (1-65535)`),
  );

const positive = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} debe ser un número entero entre 1 y ${max}`),
    v.transform(Number),
    v.number(),
    v.minValue(1, `${name} debe ser un número entero entre 1 y ${max}`),
    v.maxValue(max, `${name} debe ser un número entero entre 1 y ${max}`),
  );

/** An http(s) address without parameters, fragment or credentials in it. */
function isPlainHttpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    const plain = url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    return (url.protocol === 'https:' || url.protocol === 'http:') && plain;
  } catch {
    return false;
  }
}

/** `s3://bucket/prefix`: a bucket name as S3 allows it, then an optional prefix for the keys. */
const S3_ADDRESS = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/;

const EnvSchema = v.object({
  PORT: v.optional(port('PORT'), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST no puede estar vacío')), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR no puede estar vacío')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL debe ser una dirección postgres://usuario@servidor:puerto/base (sin ella se usa SQLite en DATA_DIR)'),
    ),
  ),
  FILES_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(S3_ADDRESS, 'FILES_URL debe ser una dirección s3://bucket/prefijo (el prefijo es opcional), por ejemplo s3://andes-archivos/produccion'),
      v.transform((value) => {
        const [, bucket = '', rest = ''] = S3_ADDRESS.exec(value) ?? [];
        return { bucket, prefix: rest.replace(/^\/+|\/+$/g, '') };
      }),
    ),
  ),
  FILES_S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isPlainHttpAddress, 'FILES_S3_ENDPOINT debe ser una dirección http(s) sin parámetros, por ejemplo http://minio:9000 (sin ella se usa Amazon S3)'),
    ),
  ),
  FILES_S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]+$/, 'FILES_S3_REGION debe ser una región como us-east-1 (auto en Cloudflare R2)')), 'us-east-1'),
  // The S3 SDK's own names; without them the SDK looks in its usual other places (a profile, an instance role).
  AWS_ACCESS_KEY_ID: v.optional(v.string()),
  AWS_SECRET_ACCESS_KEY: v.optional(v.string()),
  AWS_SESSION_TOKEN: v.optional(v.string()),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'SESSION_SECRET debe tener al menos 32 caracteres'))),
  SMTP_HOST: v.optional(v.string()),
  SMTP_PORT: v.optional(port('SMTP_PORT'), '587'),
  SMTP_USER: v.optional(v.string()),
  SMTP_PASSWORD: v.optional(v.string()),
  SMTP_FROM: v.optional(v.pipe(v.string(), v.email('SMTP_FROM debe ser un correo')), 'no-responder@andeshse.cl'),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('SUPPORT_EMAIL debe ser un correo')), 'soporte@andeshse.cl'),
  SUPPORT_PHONE: v.optional(v.string(), '+56 2 2345 6789'),
  DEMO_SEED: v.optional(v.picklist(['0', '1'], 'DEMO_SEED debe ser 0 o 1'), '1'),
  MAILBOX_OPEN: v.optional(v.picklist(['0', '1'], 'MAILBOX_OPEN debe ser 0 o 1'), '0'),
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
      v.check((entries) => entries.every(isProxyEntry), 'TRUSTED_PROXIES debe ser una lista de direcciones IP o rangos IPv4 separados por coma, por ejemplo 127.0.0.1,10.0.0.0/8'),
    ),
  ),
  LOGIN_ADDRESS_MAX_FAILURES: v.optional(positive('LOGIN_ADDRESS_MAX_FAILURES', 100000), '20'),
  LOGIN_ADDRESS_WINDOW_MINUTES: v.optional(positive('LOGIN_ADDRESS_WINDOW_MINUTES', 1440), '10'),
  INSPECTOR_EMAIL_DOMAIN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.regex(/^@[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'INSPECTOR_EMAIL_DOMAIN debe ser un dominio con @, por ejemplo @dt.gob.cl'),
    ),
    '@dt.gob.cl',
  ),
  VERIFICATION_BASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isPlainHttpAddress, 'VERIFICATION_BASE_URL debe ser una dirección http(s) sin parámetros, por ejemplo https://hse.empresa.cl'),
      v.transform((value) => value.replace(/\/+$/, '')),
    ),
  ),
});

export interface SmtpConfig {
  host: string;
  port: number;
  user?: string;
  password?: string;
}

/**
 * Where the bytes of stored files live (server/files/file-bytes-setup.ts): the data folder of a single server, or,
 * shared by several API nodes, an S3-compatible bucket or PostgreSQL's `archivos_contenido` table.
 */
export type FileStorage = { kind: 'folder' } | { kind: 'database' } | ({ kind: 's3' } & S3Location);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL's address; without it the database is the SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** FILES_URL's bucket when set; else the database table with PostgreSQL, the data folder with SQLite. */
  fileStorage: FileStorage;
  sessionSecret?: string;
  smtp?: SmtpConfig;
  mailFrom: string;
  support: { email: string; phone: string };
  demoSeed: boolean;
  /** Serves the local mailbox to any address, not only to this machine (a demo on a trusted network). */
  mailboxOpen: boolean;
  /**
   * The server's public address, base of the verification links printed on sealed documents (an EPP acta's QR code).
   * It reaches devices with the session, so a document made offline points to the real server.
   */
  verificationBaseUrl: string;
  /** The suffix of the labour directorate's addresses: only these register as inspectors (spec 5). */
  inspectorEmailDomain: string;
  /** Proxies whose `X-Forwarded-For` names the client (server/http/client-address.ts); none by default. */
  trustedProxies: TrustedProxies;
  /** Failed sign-ins one client address may make within the window before it is refused (SPEC SE4). */
  addressLimit: { maxFailures: number; windowMs: number };
}

export class ConfigError extends Error {}

type AwsKeys = { AWS_ACCESS_KEY_ID?: string; AWS_SECRET_ACCESS_KEY?: string; AWS_SESSION_TOKEN?: string };

function s3Credentials(e: AwsKeys): S3Location['credentials'] {
  if (!e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) return undefined;
  return { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, sessionToken: e.AWS_SESSION_TOKEN };
}

/** Reads the environment once at start; a bad value stops the server with a message naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `- ${v.getDotPath(issue) ?? 'entorno'}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    fileStorage: e.FILES_URL
      ? { kind: 's3', ...e.FILES_URL, endpoint: e.FILES_S3_ENDPOINT, region: e.FILES_S3_REGION, credentials: s3Credentials(e) }
      : { kind: e.DATABASE_URL ? 'database' : 'folder' },
    sessionSecret: e.SESSION_SECRET,
    smtp: e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
    mailFrom: e.SMTP_FROM,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    demoSeed: e.DEMO_SEED === '1',
    mailboxOpen: e.MAILBOX_OPEN === '1',
    // Without the setting, the address this server answers on from this machine (fine for a demo, not for paper).
    verificationBaseUrl: e.VERIFICATION_BASE_URL ?? `http://localhost:${e.PORT}`,
    inspectorEmailDomain: e.INSPECTOR_EMAIL_DOMAIN,
    trustedProxies: new TrustedProxies(e.TRUSTED_PROXIES ?? []),
    addressLimit: { maxFailures: e.LOGIN_ADDRESS_MAX_FAILURES, windowMs: e.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000 },
  };
}
