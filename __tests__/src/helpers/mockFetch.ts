/**
 * The network boundary for client tests: replaces `fetch` with a table of answers keyed by
 * "METHOD /path" and records every request. Everything above fetch (RTK Query, listeners, the
 * store, components) runs for real.
 */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /api/v2/auth/login. */
  path: string;
  search: string;
  /** The parsed query string. */
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON (e.g. a file saved as text); undefined when empty. */
  body: unknown;
}

/** An answer: JSON (`body`), raw text (`text`, e.g. a file's contents), or nothing. */
export interface MockAnswer {
  status: number;
  body?: unknown;
  text?: string;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type MockRoute = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);

export interface FetchMock {
  requests: RecordedRequest[];
  /** Requests to one "METHOD /path". */
  requestsTo: (key: string) => RecordedRequest[];
  /** Adds or replaces answers. */
  route: (routes: Record<string, MockRoute>) => void;
}

/** Installs the mock `fetch`; unknown routes answer 404 so a missing answer fails loudly. */
export function mockFetch(initial: Record<string, MockRoute> = {}): FetchMock {
  const routes = new Map(Object.entries(initial));
  const requests: RecordedRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      query: url.searchParams,
      headers: request.headers,
      body: parseBody(text),
    };
    requests.push(recorded);
    const route = routes.get(`${recorded.method} ${recorded.path}`);
    const answer = route === undefined ? { status: 404, body: { message: 'Not found.' } } : typeof route === 'function' ? await route(recorded) : route;
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers: body ? { 'Content-Type': 'application/json' } : {} });
  }) as typeof fetch;
  return {
    requests,
    requestsTo: (key) => requests.filter((r) => `${r.method} ${r.path}` === key),
    route: (more) => Object.entries(more).forEach(([key, value]) => routes.set(key, value)),
  };
}

/** A promise with its resolve function outside, to hold an answer back until the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
