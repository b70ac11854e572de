import { renderToBuffer } from '@react-pdf/renderer';
import type { Context } from 'hono';
import { bytesToDataUrl, isDrawableDataUrl, resolveReportImages, sniffImage } from '#app/reports/report-images.ts';
import { type ReportDataByKind, reportElement, type ReportKind } from '#app/reports/report-kinds.ts';
import type { ReportImage } from '#sync/records/record-fields.ts';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import type { ImageMode } from './report-sources.ts';

const FETCH_TIMEOUT_MS = 10_000;

/**
 * Images on the server: `data:` URLs (what the report data builder should hand over: the bytes are on this disk)
 * are drawn as they are, or relabelled by their bytes; absolute http(s) URLs are fetched. Relative and `blob:`
 * URLs mean nothing here and print as "no disponible", as does any image that is not a JPEG or a PNG (no image
 * decoder on the server: the browser re-encodes WebP, the server does not).
 */
async function serverImage(image: ReportImage): Promise<string | null> {
  if (isDrawableDataUrl(image.Url)) return image.Url;
  if (!/^(https?:\/\/|data:)/i.test(image.Url)) return null;
  const response = await fetch(image.Url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const kind = sniffImage(bytes);
  return kind ? bytesToDataUrl(bytes, kind) : null;
}

/** A report of any kind (spec 2.4) as PDF bytes, drawn on the server by the same document as in the browser. */
export async function renderReportPdf<K extends ReportKind>(kind: K, data: ReportDataByKind[K]): Promise<Buffer> {
  const drawable = await resolveReportImages(data, serverImage);
  return renderToBuffer(await reportElement(kind, drawable));
}

/**
 * A report call's answer (spec 2.4): its data as JSON with images as signed links, or with `Accept: application/pdf`
 * the PDF drawn here with the images inlined. A missing or hidden record is 404 with `notFound`; a JSON read of one
 * answers `data: null` instead when `nullWhenMissing` (the EPP acta's call, whose devices read it so).
 */
export async function reportAnswer<K extends ReportKind>(
  c: Context<AppEnv>,
  kind: K,
  build: (mode: ImageMode) => Promise<ReportDataByKind[K] | undefined>,
  notFound: string,
  nullWhenMissing = false,
): Promise<Response> {
  const wantsPdf = (c.req.header('Accept') ?? '').includes('application/pdf');
  const data = await build(wantsPdf ? 'data-url' : 'signed-url');
  if (!data && !(nullWhenMissing && !wantsPdf)) throw new HttpError(404, notFound);
  if (!wantsPdf) return c.json({ statusCode: 200, data: data ?? null });
  const pdf = await renderReportPdf(kind, data!);
  return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf' });
}
