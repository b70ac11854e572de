import type { OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { REPLAYER_MESSAGES, unanswered } from './replayer-messages.ts';
import { SYNC_LIMITS } from './sync-protocol.ts';
import type { Outcome, Transport, UploadableFile } from './transport.ts';

export interface FileBatchPolicy {
  /** Files per `POST /api/files/lote`. */
  maxFiles: number;
  /** Bytes of one request body, multipart framing included. */
  maxBytes: number;
  /** Bigger files go by their own `PUT`, after a `HEAD` (FL6). */
  headAboveBytes: number;
}

const DEFAULT_FILE_BATCH: FileBatchPolicy = {
  maxFiles: SYNC_LIMITS.fileBatchFiles,
  maxBytes: SYNC_LIMITS.fileBatchBytes,
  headAboveBytes: SYNC_LIMITS.fileHeadAboveBytes,
};
/** Room for one part's boundary and headers in a bulk upload (under 300 bytes used). */
const PART_OVERHEAD_BYTES = 512;
/** After a 404/405 to the bulk route (an old server), files go by single PUTs for this long before bulk is tried again. */
const NO_FILE_BATCH_MS = 10 * 60_000;

export interface FileUploaderOptions {
  store: OutboxStore;
  transport: Transport;
  policy?: Partial<FileBatchPolicy>;
  now: () => number;
  /** Every answer of a single PUT, and a bulk upload's failure: the replayer's online state and 401/426 handling. */
  onOutcome: (outcome: Outcome) => void;
  /** The server answered a bulk upload: the device is online. */
  onReached: () => void;
}

/**
 * Uploads the files a batch of entries needs before the entries go (FL1): small ones together by
 * `POST /api/files/lote` (FL7, FL8), big ones by a `HEAD` then their own `PUT` (FL6).
 */
export class FileUploader {
  private readonly store: OutboxStore;
  private readonly transport: Transport;
  private readonly policy: FileBatchPolicy;
  private readonly now: () => number;
  private readonly onOutcome: (outcome: Outcome) => void;
  private readonly onReached: () => void;
  private noFileBatchUntil = -Infinity;

  constructor(options: FileUploaderOptions) {
    this.store = options.store;
    this.transport = options.transport;
    this.now = options.now;
    this.onOutcome = options.onOutcome;
    this.onReached = options.onReached;
    const policy = { ...DEFAULT_FILE_BATCH, ...options.policy };
    this.policy = {
      maxFiles: Math.min(Math.max(1, policy.maxFiles), SYNC_LIMITS.fileBatchFiles),
      maxBytes: Math.min(policy.maxBytes, SYNC_LIMITS.fileBatchBytes),
      headAboveBytes: Math.min(policy.headAboveBytes, SYNC_LIMITS.fileBatchBytes - PART_OVERHEAD_BYTES),
    };
  }

  /**
   * Uploads the files of `entries` that are not on the server yet and answers, by sha256, the files that did not
   * get a 2xx (FL3): missing on the device (FL5), refused (permanent) or to be retried. Small files go in bulk
   * requests under the limits (FL7, FL8), without asking first; big ones by their own PUT after a HEAD (FL6). A
   * server without the bulk route gets one PUT per file (FL10). The first failure that is not a refusal of one file
   * stops the uploads: it is given to every file not uploaded yet.
   */
  async upload(entries: OutboxEntry[]): Promise<Map<string, Outcome>> {
    const problems = new Map<string, Outcome>();
    const small: UploadableFile[] = [];
    const big: UploadableFile[] = [];
    const seen = new Set<string>();
    for (const ref of entries.flatMap((entry) => entry.files ?? [])) {
      if (seen.has(ref.sha256)) continue;
      seen.add(ref.sha256);
      const file = await this.store.getFile(ref.sha256);
      if (!file) {
        problems.set(ref.sha256, {
          kind: 'permanent',
          status: 0,
          body: null,
          error: { status: 0, message: REPLAYER_MESSAGES.fileMissing, code: 'ARCHIVO_FALTANTE' },
        });
        continue;
      }
      if (file.uploaded) continue;
      (file.bytes.byteLength > this.policy.headAboveBytes ? big : small).push({ sha256: ref.sha256, type: file.type, bytes: file.bytes });
    }

    const stop = (outcome: Outcome, rest: UploadableFile[]) => {
      for (const file of rest) problems.set(file.sha256, outcome);
      return problems;
    };
    const singles: { file: UploadableFile; ask: boolean }[] = [];
    const chunks = this.chunkFiles(small);
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      if (chunk.length === 1 || !this.transport.uploadFiles || this.now() < this.noFileBatchUntil) {
        // A lone file is its own PUT: the same single request, with no framing.
        singles.push(...chunk.map((file) => ({ file, ask: false })));
        continue;
      }
      const answer = await this.transport.uploadFiles(chunk);
      if (answer.kind === 'failed') {
        if (!answer.fallback) {
          this.onOutcome(answer.outcome);
          return stop(answer.outcome, [...chunks.slice(i).flat(), ...big]);
        }
        // FL10: an old server, not an error to show; this chunk and the rest go by single PUTs.
        this.onReached();
        if (answer.outcome.status === 404 || answer.outcome.status === 405) this.noFileBatchUntil = this.now() + NO_FILE_BATCH_MS;
        singles.push(
          ...chunks
            .slice(i)
            .flat()
            .map((file) => ({ file, ask: false })),
        );
        break;
      }
      this.onReached();
      for (const file of chunk) {
        const outcome = answer.results.get(file.sha256) ?? unanswered();
        if (outcome.kind === 'ok') await this.store.setFileUploaded(file.sha256, true);
        else problems.set(file.sha256, outcome);
      }
    }
    singles.push(...big.map((file) => ({ file, ask: true })));

    for (const [i, { file, ask }] of singles.entries()) {
      const exists = ask && this.transport.fileExists ? await this.transport.fileExists(file.sha256).catch(() => false) : false;
      if (!exists) {
        const outcome = await this.transport.uploadFile(file.sha256, file.type, file.bytes);
        this.onOutcome(outcome);
        if (outcome.kind === 'permanent') {
          problems.set(file.sha256, outcome);
          continue;
        }
        if (outcome.kind !== 'ok')
          return stop(
            outcome,
            singles.slice(i).map((single) => single.file),
          );
      }
      await this.store.setFileUploaded(file.sha256, true);
    }
    return problems;
  }

  /** Consecutive groups within the bulk limits, in the order the entries need them. */
  private chunkFiles(files: UploadableFile[]): UploadableFile[][] {
    const chunks: UploadableFile[][] = [];
    let chunk: UploadableFile[] = [];
    let bytes = PART_OVERHEAD_BYTES;
    for (const file of files) {
      const size = file.bytes.byteLength + PART_OVERHEAD_BYTES;
      if (chunk.length > 0 && (chunk.length >= this.policy.maxFiles || bytes + size > this.policy.maxBytes)) {
        chunks.push(chunk);
        chunk = [];
        bytes = PART_OVERHEAD_BYTES;
      }
      chunk.push(file);
      bytes += size;
    }
    if (chunk.length > 0) chunks.push(chunk);
    return chunks;
  }
}

/**
 * The entries that may go now, given the files that did not get a 2xx (`problems`, by sha256), and the outcomes of
 * those that may not. An entry without an outcome here and not ready is released unchanged.
 */
export function entriesReady(
  attempted: OutboxEntry[],
  problems: Map<string, Outcome>,
): { ready: OutboxEntry[]; outcomes: Map<string, Outcome> } {
  const ready: OutboxEntry[] = [];
  const outcomes = new Map<string, Outcome>();
  const blockedKeys = new Set<string>();
  const blockedRecords = new Set<string>();
  for (const entry of attempted) {
    const waits =
      (entry.recordKey !== undefined && blockedRecords.has(entry.recordKey)) || (entry.dependsOn ?? []).some((key) => blockedKeys.has(key));
    const fileOutcomes = (entry.files ?? []).flatMap((ref) => problems.get(ref.sha256) ?? []);
    const refused = fileOutcomes.find((outcome) => outcome.kind === 'permanent');
    if (waits || refused) {
      // FL9: a refused (or missing, FL5) file dead-letters only the entries that need it; what waits on them stays
      // behind (RP11, released unchanged), the rest of the batch goes on.
      if (refused && !waits) outcomes.set(entry.key, refused);
      blockedKeys.add(entry.key);
      if (entry.recordKey !== undefined) blockedRecords.add(entry.recordKey);
      continue;
    }
    const failed = fileOutcomes[0];
    if (failed) {
      // RP4: an entry whose file must be retried waits for its backoff; nothing after it is sent around it.
      outcomes.set(entry.key, failed);
      break;
    }
    ready.push(entry);
  }
  return { ready, outcomes };
}
