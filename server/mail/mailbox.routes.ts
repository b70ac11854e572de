import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../app-env.ts';
import { apiNotFound } from '../http/error-handler.ts';
import { clientAddress } from '../http/client-address.ts';
import { isLoopbackAddress } from '../http/loopback.ts';
import { ownPagePolicy } from '../http/security-headers.ts';

/**
 * The local mailbox: only when no SMTP relay is configured (development and demo machines), and only to this
 * machine unless MAILBOX_OPEN says otherwise. It holds every company's recovery codes: served to anyone, it would
 * hand any account to whoever asks for a code and reads it here. Anyone else gets the same 404 as a missing page.
 */
export const mailboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, mailer, config, files, now } = c.get('deps');
  if (!mailer.keepsMailLocally) return apiNotFound(c);
  // The client's address as the sign-in limit reads it: behind a named proxy on this machine, the proxy's client.
  if (!config.mailboxOpen && !isLoopbackAddress(clientAddress(c))) return apiNotFound(c);
  const mails = await db.selectFrom('correos').selectAll().orderBy('IdCorreo', 'desc').limit(50).execute();
  const rows = mails.map(
    (mail) => html`<article>
      <h2>${mail.Asunto}</h2>
      <p class="meta">Para: ${mail.Para} · ${new Date(mail.Fecha).toLocaleString('es-CL', { timeZone: 'America/Santiago' })}</p>
      <pre>${mail.Texto}</pre>
      ${mail.AdjuntoSha256 ? html`<p>Adjunto: <a href="${files.signedUrl(mail.AdjuntoSha256, now())}" download="${mail.AdjuntoNombre ?? 'adjunto'}">${mail.AdjuntoNombre ?? 'adjunto'}</a></p>` : ''}
    </article>`,
  );
  const styleNonce = ownPagePolicy(c);
  return c.html(html`<!doctype html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Buzón local · Andes HSE</title>
        <style nonce="${styleNonce}">
          body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1f1f1f; }
          article { border: 1px solid #ccc; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
          .meta { color: #555; } pre { white-space: pre-wrap; font-size: 1rem; }
        </style>
      </head>
      <body>
        <main>
          <h1>Buzón local</h1>
          <p>No hay un servidor SMTP configurado: los correos se guardan aquí. Se muestran los 50 más recientes.</p>
          ${mails.length === 0 ? html`<p>No hay correos.</p>` : rows}
        </main>
      </body>
    </html>`);
});
