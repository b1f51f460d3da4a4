/**
 * Replaces `fetch` (the network boundary, nothing above it) for one test. Every request is
 * recorded with its method, URL, headers and body; `respond` decides each answer.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  credentials: RequestCredentials;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export interface FetchMock {
  requests: RecordedRequest[];
  /** Puts the previous `fetch` back. */
  restore(): void;
}

/** A JSON answer (or an empty one for 204 and when `body` is undefined). */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const empty = status === 204 || body === undefined;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: empty ? headers : { 'Content-Type': 'application/json', ...headers },
  });
}

async function record(input: RequestInfo | URL, init?: RequestInit): Promise<RecordedRequest> {
  const request = input instanceof Request ? input : new Request(String(input), init);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return { method: request.method, url: request.url, headers, body: text ? JSON.parse(text) : undefined, credentials: request.credentials };
}

/** Installs a fake `fetch` answering with `respond`; call `restore()` (or use it in afterEach). */
export function mockFetch(respond: Responder): FetchMock {
  const previous = window.fetch;
  const requests: RecordedRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const recorded = await record(input, init);
    requests.push(recorded);
    return respond(recorded);
  };
  window.fetch = fake as typeof window.fetch;
  return {
    requests,
    restore() {
      window.fetch = previous;
    },
  };
}

/** A fetch that never answers until released: for watching requests while they run. */
export function deferredResponse(): { promise: Promise<Response>; resolve(response: Response): void } {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
