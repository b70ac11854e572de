/**
 * Request and Response objects for batch entries, which never travel over HTTP.
 *
 * A batch entry as a Request, without building one: a WHATWG Request with a body costs a ReadableStream (~10 µs
 * here) and reading it back another ~7 µs, more than the entry's SQL. Method, URL, headers and the body readers
 * (`text`, `arrayBuffer`, `json`, `blob`) answer from the entry itself; anything else (`body`, `signal`, `clone`,
 * `formData`, ...) builds the real Request on first use, so the object behaves as one everywhere. The same
 * technique @hono/node-server uses for every HTTP request in production.
 */

const real = Symbol('realRequest');
const text = Symbol('bodyText');
const parsed = Symbol('parsedBody');
const used = Symbol('bodyUsed');
const fields = Symbol('fields');

interface EntryRequestFields {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  [fields]: { method: string; url: string; headers: Headers };
  [text]: string | null;
  [parsed]: unknown;
  [used]: boolean;
  [real]?: Request;
}

function realRequest(self: EntryRequestFields): Request {
  if (!self[real]) {
    if (self[used]) throw new TypeError('Body is unusable: Body has already been read');
    self[real] = new Request(self.url, { method: self.method, headers: self.headers, body: self[text] });
  }
  return self[real];
}

function readText(self: EntryRequestFields): Promise<string> {
  if (self[real]) return self[real].text();
  if (self[used]) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  self[used] = true;
  return Promise.resolve(self[text] ?? '');
}

const encoder = new TextEncoder();

const prototype: object = Object.create(Request.prototype, {
  method: {
    get(this: EntryRequestFields) {
      return this[fields].method;
    },
  },
  url: {
    get(this: EntryRequestFields) {
      return this[fields].url;
    },
  },
  headers: {
    get(this: EntryRequestFields) {
      return this[fields].headers;
    },
  },
  text: {
    value(this: EntryRequestFields) {
      return readText(this);
    },
  },
  json: {
    value(this: EntryRequestFields) {
      return readText(this).then((body) => JSON.parse(body) as unknown);
    },
  },
  arrayBuffer: {
    value(this: EntryRequestFields) {
      return readText(this).then((body) => {
        const bytes = encoder.encode(body);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      });
    },
  },
  bytes: {
    value(this: EntryRequestFields) {
      return readText(this).then((body) => encoder.encode(body));
    },
  },
  blob: {
    value(this: EntryRequestFields) {
      const type = this.headers.get('Content-Type') ?? '';
      return readText(this).then((body) => new Blob([body], { type }));
    },
  },
  bodyUsed: {
    get(this: EntryRequestFields) {
      return this[real] ? this[real].bodyUsed : this[used];
    },
  },
  ...Object.fromEntries(
    ['body', 'signal', 'cache', 'credentials', 'destination', 'duplex', 'integrity', 'keepalive', 'mode', 'redirect', 'referrer', 'referrerPolicy'].map((name) => [
      name,
      {
        get(this: EntryRequestFields) {
          return realRequest(this)[name as keyof Request];
        },
      },
    ]),
  ),
  clone: {
    value(this: EntryRequestFields) {
      return realRequest(this).clone();
    },
  },
  formData: {
    value(this: EntryRequestFields) {
      return realRequest(this).formData();
    },
  },
});

/**
 * A Request for `method url` with these headers and an optional JSON body, cheap to make and to read: `body` is the
 * value the batch parsed, `bodyText` its JSON.
 */
export function entryRequest(method: string, url: string, headers: Headers, bodyText: string | null, body?: unknown): Request {
  const request = Object.create(prototype) as EntryRequestFields;
  request[fields] = { method, url, headers };
  request[text] = bodyText;
  request[parsed] = body;
  request[used] = false;
  return request as unknown as Request;
}

/**
 * The JSON body of a batch entry as the batch already parsed it (plain JSON values), so the ledger's fingerprint
 * does not parse its text again; undefined for any other request.
 */
export function parsedEntryBody(request: Request): unknown {
  return Object.getPrototypeOf(request) === prototype ? (request as unknown as EntryRequestFields)[parsed] : undefined;
}

const response = Symbol('realResponse');
const shell = Symbol('shell');
const answer = Symbol('answerText');

interface DeferredResponseFields {
  [shell]: Response;
  [answer]: string;
  [response]?: Response;
}

function realResponse(self: DeferredResponseFields): Response {
  return (self[response] ??= new Response(self[answer], self[shell]));
}

const responsePrototype: object = Object.create(Response.prototype, {
  ...Object.fromEntries(
    ['status', 'statusText', 'ok', 'type', 'url', 'redirected', 'headers'].map((name) => [
      name,
      {
        get(this: DeferredResponseFields) {
          return (this[response] ?? this[shell])[name as keyof Response];
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    ['body', 'bodyUsed'].map((name) => [
      name,
      {
        get(this: DeferredResponseFields) {
          return realResponse(this)[name as keyof Response];
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    ['text', 'json', 'arrayBuffer', 'bytes', 'blob', 'formData', 'clone'].map((name) => [
      name,
      {
        value(this: DeferredResponseFields) {
          return (realResponse(this)[name as 'text'] as () => unknown).call(this[response]);
        },
      },
    ]),
  ),
});

/**
 * A batch entry's answer: `shell` is the Response Hono built without a body (its status and headers), `text` the
 * body. The batch takes the text as is; the Response with its body stream (~5 µs) is built only if something
 * reads the body.
 */
export function deferredResponse(bodyless: Response, text: string): Response {
  const deferred = Object.create(responsePrototype) as DeferredResponseFields;
  deferred[shell] = bodyless;
  deferred[answer] = text;
  return deferred as unknown as Response;
}
