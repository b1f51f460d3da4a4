/**
 * The network boundary for client tests: replaces `fetch` and records every request. Answers
 * come from a table keyed by "METHOD /path" (`mockFetch({ 'GET /api/v2/servers/': {...} })`) or
 * from one function that answers everything (`mockFetch((request) => jsonResponse(200, ...))`).
 * Everything above fetch (RTK Query, listeners, the store, components) runs for real.
 */
export interface RecordedRequest {
  method: string;
  /** The address as the panel asked for it (path and query, e.g. /api/language?lng=de). */
  url: string;
  /** Path without the query string, e.g. /api/v2/auth/login. */
  path: string;
  search: string;
  /** The parsed query string. */
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON (e.g. a file saved as text); undefined when empty. */
  body: unknown;
  credentials: RequestCredentials;
}

/** An answer: JSON (`body`), raw text (`text`, e.g. a file's contents), or nothing. */
export interface MockAnswer {
  status: number;
  body?: unknown;
  text?: string;
}

export type MockRoute = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);

/** One function answering every request with a real `Response` (or failing, like a lost network). */
export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export interface FetchMock {
  requests: RecordedRequest[];
  /** Requests to one "METHOD /path". */
  requestsTo: (key: string) => RecordedRequest[];
  /** Adds or replaces answers (table answers only). */
  route: (routes: Record<string, MockRoute>) => void;
  /** Puts the previous `fetch` back. */
  restore(): void;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON answer (or an empty one for 204 and when `body` is undefined). */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const empty = status === 204 || body === undefined;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: empty ? headers : { 'Content-Type': 'application/json', ...headers },
  });
}

function answerResponse(answer: MockAnswer): Response {
  if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const body = answer.body === undefined ? null : JSON.stringify(answer.body);
  return new Response(body, { status: answer.status, headers: body ? { 'Content-Type': 'application/json' } : {} });
}

/**
 * Installs the mock `fetch`. With a table, unknown routes answer 404 so a missing answer fails
 * loudly; with a responder, it answers everything.
 */
export function mockFetch(answers: Record<string, MockRoute> | Responder = {}): FetchMock {
  const respond = typeof answers === 'function' ? answers : null;
  const routes = new Map(typeof answers === 'function' ? [] : Object.entries(answers));
  const requests: RecordedRequest[] = [];
  const previous = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      search: url.search,
      query: url.searchParams,
      headers: request.headers,
      body: parseBody(text),
      credentials: request.credentials,
    };
    requests.push(recorded);
    if (respond) return respond(recorded);
    const route = routes.get(`${recorded.method} ${recorded.path}`);
    return answerResponse(route === undefined ? { status: 404, body: { message: 'Not found.' } } : typeof route === 'function' ? await route(recorded) : route);
  }) as typeof fetch;
  return {
    requests,
    requestsTo: (key) => requests.filter((r) => `${r.method} ${r.path}` === key),
    route: (more) => Object.entries(more).forEach(([key, value]) => routes.set(key, value)),
    restore() {
      global.fetch = previous;
    },
  };
}

/** A promise with its resolve function outside, to hold an answer back until the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A fetch answer held back until released: for watching requests while they run. */
export function deferredResponse(): { promise: Promise<Response>; resolve(response: Response): void } {
  return deferred<Response>();
}
