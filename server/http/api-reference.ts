import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function renderOperation(path: string, method: string, operation: Operation) {
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const params = operation.parameters ?? [];
  return html`<section class="op">
    <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    ${operation.summary ? html`<p>${operation.summary}</p>` : ''}
    ${operation.security?.length ? html`<p class="note">Requiere <code>Authorization: Bearer &lt;token&gt;</code></p>` : ''}
    ${params.length
      ? html`<table>
          <caption>Parámetros</caption>
          <thead><tr><th scope="col">Nombre</th><th scope="col">En</th><th scope="col">Requerido</th></tr></thead>
          <tbody>${params.map((p) => html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${p.required ? 'sí' : 'no'}</td></tr>`)}</tbody>
        </table>`
      : ''}
    ${body ? html`<details><summary>Cuerpo JSON</summary><pre>${JSON.stringify(body, null, 2)}</pre></details>` : ''}
  </section>`;
}

/**
 * A self-contained reference page (no CDN assets: this machine and many worksites have no Internet). No script; its
 * style block carries the nonce of the page's own policy (`ownPagePolicy`, server/http/security-headers.ts).
 */
export function renderApiReference(doc: OpenApiDocument, styleNonce: string): HtmlEscapedString | Promise<HtmlEscapedString> {
  const byTag = new Map<string, ReturnType<typeof renderOperation>[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'general';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, operation)]);
    }
  }
  return html`<!doctype html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.info.title} · Referencia de la API</title>
        <style nonce="${styleNonce}">
          body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1f1f1f; }
          .op { border: 1px solid #ccc; border-radius: 8px; padding: 0.5rem 1rem; margin: 0.75rem 0; }
          .method { display: inline-block; min-width: 4.5rem; padding: 0.1rem 0.4rem; border-radius: 4px; color: #fff; font-size: 0.85rem; text-align: center; }
          .get { background: #1b5e20; } .post { background: #0d47a1; } .put { background: #6d4c00; } .delete { background: #b71c1c; } .patch { background: #4a148c; }
          pre { background: #f5f5f5; padding: 0.5rem; overflow: auto; } table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 0.2rem 0.5rem; text-align: left; }
          caption { text-align: left; font-weight: 600; } .note { color: #444; }
        </style>
      </head>
      <body>
        <main>
          <h1>${doc.info.title} <small>v${doc.info.version}</small></h1>
          <p>${doc.info.description ?? ''} Descripción completa en <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
          ${[...byTag.entries()].map(([tag, operations]) => html`<h2>${tag}</h2>${operations}`)}
        </main>
      </body>
    </html>`;
}
