import '@testing-library/jest-dom';
// jsdom has no fetch, Request, Response or Headers; RTK Query and the i18n backend need them.
// Tests replace `fetch` itself (the network boundary) with their own answers.
import 'whatwg-fetch';
import { configure } from '@testing-library/dom';

// The suite runs on two cores shared with the server's tests: a render after a mocked answer can
// take over Testing Library's default second to appear. Files that need longer set their own.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers (Grid, breakpoints) ask matchMedia; jsdom lacks it. Nothing matches.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// antd measures elements with ResizeObserver; jsdom has no layout, so it never reports anything.
if (!('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: NoLayoutResizeObserver });
}

// jsdom's scrollTo only reports "not implemented"; route changes scroll to the top.
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => undefined });

// jsdom has no TextEncoder/TextDecoder; react-router needs them when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { TextEncoder, TextDecoder } = require('node:util') as typeof import('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no MessageChannel; antd's forms and selects use it to run work in a later task.
// A timer gives the same "later task" behaviour (and works with Jest's fake timers).
if (typeof globalThis.MessageChannel === 'undefined') {
  class TaskPort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    peer: TaskPort | null = null;
    postMessage(data: unknown): void {
      const target = this.peer;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    start(): void {}
    close(): void {}
  }
  class TaskChannel {
    port1 = new TaskPort();
    port2 = new TaskPort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: TaskChannel });
}

// antd's Form and Select schedule work with MessageChannel, which jsdom lacks. Node's own would keep
// the test process alive, so messages are delivered as a timer task instead (fake timers drive it too).
if (typeof window.MessageChannel === 'undefined') {
  class TimerMessagePort {
    onmessage: ((event: MessageEvent) => void) | null = null;
    peer: TimerMessagePort | null = null;
    postMessage(data: unknown): void {
      const target = this.peer;
      setTimeout(() => target?.onmessage?.({ data } as MessageEvent), 0);
    }
    start(): void {}
    close(): void {
      this.onmessage = null;
    }
  }
  class TimerMessageChannel {
    port1 = new TimerMessagePort();
    port2 = new TimerMessagePort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.defineProperty(window, 'MessageChannel', { writable: true, configurable: true, value: TimerMessageChannel });
}
