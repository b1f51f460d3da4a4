/**
 * The network boundary of the files tests: `fetch` answers from a table keyed "METHOD /path" and
 * records every request. Unlike the JSON-only helper, bodies are kept as text when they are not
 * JSON: the editor saves raw text (POST …/files/write) and reads text (GET …/files/contents).
 */
export interface FilesRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON; undefined when empty. */
  body: unknown;
}

/** An answer: JSON (`body`), raw text (`text`), or nothing. */
export interface FilesAnswer {
  status: number;
  body?: unknown;
  text?: string;
}

export type FilesRoute = FilesAnswer | ((request: FilesRequest) => FilesAnswer | Promise<FilesAnswer>);

export interface FilesFetch {
  requests: FilesRequest[];
  requestsTo: (key: string) => FilesRequest[];
  route: (routes: Record<string, FilesRoute>) => void;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Installs the mock `fetch`; unknown routes answer 404 so that a missing answer fails loudly. */
export function mockFilesFetch(initial: Record<string, FilesRoute> = {}): FilesFetch {
  const routes = new Map(Object.entries(initial));
  const requests: FilesRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const recorded: FilesRequest = { method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, body: parse(await request.text()) };
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
