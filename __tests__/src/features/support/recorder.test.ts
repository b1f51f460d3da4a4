import { makeStore } from '../../../../src/app/store';
import { ActionRing } from '../../../../src/features/support/ActionRing';
import { PAGE_LOADED } from '../../../../src/features/support/actionLogFormat';
import { buildActionLog } from '../../../../src/features/support/buildActionLog';
import { createLogReducer } from '../../../../src/features/support/logReducer';
import { LOG_STORAGE_KEY, loadStoredRecording, savePageRecording } from '../../../../src/features/support/logStorage';
import { parseActionLog } from '../../../../src/features/support/parseActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { ReplayTimeline } from '../../../../src/features/support/replayTimeline';
import { replayReducer } from '../../../../src/app/replay/replayReducer';
import { recordingToggled } from '../../../../src/features/support/supportSlice';
import { notificationAdded, notificationDismissed } from '../../../../src/core/notifications/notificationsSlice';
import { themeChanged } from '../../../../src/core/theme/themeSlice';

const exportAndReplay = (store: ReturnType<typeof makeStore>) =>
  new ReplayTimeline(parseActionLog(JSON.stringify(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 't', browser: 'b' }))), replayReducer);

afterEach(() => sessionStorage.clear());

/** Everything the recording keeps in the tab's storage, as one text. */
const storedText = () =>
  Object.keys(sessionStorage)
    .filter((key) => key.startsWith(LOG_STORAGE_KEY))
    .map((key) => sessionStorage.getItem(key))
    .join('\n');

describe('the ring of recorded actions', () => {
  it('keeps at most maxActions and moves the starting state forward', () => {
    const reduce = createLogReducer((state = { n: 0 }, action) => (action.type === 'add' ? { n: (state.n as number) + 1 } : state));
    const ring = new ActionRing<{ type: string }, Record<string, unknown>>({ n: 0 }, { maxActions: 3, maxBytes: 1e6 }, reduce);
    for (let i = 0; i < 10; i += 1) ring.push({ action: { type: 'add' }, at: i, size: 10 });
    expect(ring.length).toBe(3);
    expect(ring.startState).toEqual({ n: 7 });
    expect(ring.toArray().map((entry) => entry.at)).toEqual([7, 8, 9]);
  });

  it('keeps at most maxBytes', () => {
    const ring = new ActionRing<{ type: string }, Record<string, unknown>>({}, { maxActions: 100, maxBytes: 250 }, (s) => s);
    for (let i = 0; i < 10; i += 1) ring.push({ action: { type: 'x' }, at: i, size: 100 });
    expect(ring.length).toBe(2);
    expect(ring.totalBytes).toBe(200);
  });

  it('replays a real store to the state it is in, after old actions were dropped', () => {
    const store = makeStore();
    // Over 6,000 actions, of which the ring keeps the last 5,000; a few notices stay on screen
    // (a long list made every action's reducer and the store's checks walk it: seconds, not the point).
    for (let i = 0; i < 3100; i += 1) {
      store.dispatch(notificationAdded({ id: `n${i}`, type: 'info', title: `t${i}`, text: '' }));
      if (i % 300 !== 0) store.dispatch(notificationDismissed(`n${i}`));
    }
    store.dispatch(themeChanged('rustDefault'));
    const recording = readRecording(store.dispatch)!;
    expect(recording.entries).toHaveLength(5000);
    const timeline = exportAndReplay(store);
    const { _persist: _ignored, ...live } = store.getState();
    expect(timeline.stateAt(timeline.length)).toEqual(JSON.parse(JSON.stringify(live)));
  });
});

describe('copying actions while the page is idle', () => {
  it('copies what an idle period allows, the rest in the next one or when the recording is read, in order', () => {
    const idleCallbacks: IdleRequestCallback[] = [];
    Object.defineProperty(window, 'requestIdleCallback', {
      configurable: true,
      value: (callback: IdleRequestCallback) => idleCallbacks.push(callback),
    });
    try {
      const store = makeStore();
      for (const text of ['one', 'two', 'three']) store.dispatch(notificationAdded({ id: text, type: 'info', title: 'Hi', text }));
      expect(idleCallbacks).toHaveLength(1);
      // An idle period with time for one copy only.
      let remaining = 1;
      idleCallbacks[0]({ didTimeout: false, timeRemaining: () => remaining-- });
      expect(idleCallbacks).toHaveLength(2);
      const texts = readRecording(store.dispatch)!
        .entries.filter((entry) => entry.action.type === 'notifications/added')
        .map((entry) => (entry.action.payload as { text: string }).text);
      expect(texts).toEqual(['one', 'two', 'three']);
    } finally {
      delete (window as Partial<Window>).requestIdleCallback;
    }
  });
});

describe('the recording preference', () => {
  it('records nothing while turned off and starts afresh when turned on', () => {
    const store = makeStore();
    store.dispatch(themeChanged('rustDefault'));
    store.dispatch(recordingToggled(false));
    store.dispatch(themeChanged('arkDefault'));
    expect(readRecording(store.dispatch)).toBeNull();
    store.dispatch(recordingToggled(true));
    store.dispatch(themeChanged('minecraftDefault'));
    expect(readRecording(store.dispatch)!.entries.map((entry) => entry.action.type)).toEqual(['theme/changed']);
  });
});

describe('surviving a reload in the tab', () => {
  it('continues the recording of the previous page', () => {
    const first = makeStore();
    first.dispatch(themeChanged('rustDefault'));
    first.dispatch(notificationAdded({ id: 'a', type: 'error', title: 'Error', text: 'before reload' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(storedText()).toContain('before reload');

    const second = makeStore();
    second.dispatch(notificationAdded({ id: 'b', type: 'info', title: 'Hi', text: 'after reload' }));
    const types = readRecording(second.dispatch)!.entries.map((entry) => entry.action.type);
    expect(types).toEqual(['theme/changed', 'notifications/added', PAGE_LOADED, 'notifications/added']);
    const timeline = exportAndReplay(second);
    // Before the reload: the first page's state; after it, the second page's.
    expect((timeline.stateAt(2).notifications as { items: unknown[] }).items).toHaveLength(1);
    expect((timeline.stateAt(2).theme as { name: string }).name).toBe('rustDefault');
    expect((timeline.stateAt(4).theme as { name: string }).name).toBe('minecraftDefault');
    expect((timeline.stateAt(4).notifications as { items: { text: string }[] }).items.map((item) => item.text)).toEqual(['after reload']);
  });

  it('stores only the actions of the page being left, beside the parts earlier pages stored', () => {
    const first = makeStore();
    first.dispatch(notificationAdded({ id: 'a', type: 'error', title: 'Error', text: 'on the first page' }));
    window.dispatchEvent(new Event('pagehide'));
    const firstPart = loadStoredRecording()!.pages[0];
    const firstText = sessionStorage.getItem(firstPart.key);

    const second = makeStore();
    second.dispatch(notificationAdded({ id: 'b', type: 'info', title: 'Hi', text: 'on the second page' }));
    window.dispatchEvent(new Event('pagehide'));
    const stored = loadStoredRecording()!;
    expect(stored.pages).toHaveLength(2);
    // The first page's part is left as it was; the second's holds its load and its own action.
    expect(sessionStorage.getItem(firstPart.key)).toBe(firstText);
    const secondText = sessionStorage.getItem(stored.pages[1].key)!;
    expect(secondText).toContain('on the second page');
    expect(secondText).not.toContain('"text":"on the first page"}}');
    expect(stored.actions.map((entry) => entry.action.type)).toEqual(['notifications/added', PAGE_LOADED, 'notifications/added']);
  });
  it('reads the earlier pages’ parts only when first needed, not while the page starts', () => {
    const first = makeStore();
    first.dispatch(notificationAdded({ id: 'a', type: 'error', title: 'Error', text: 'from the first page' }));
    window.dispatchEvent(new Event('pagehide'));

    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    const second = makeStore();
    const readAtStart = getItem.mock.calls.map(([key]) => key).filter((key) => key.startsWith(LOG_STORAGE_KEY));
    getItem.mockClear();
    const types = readRecording(second.dispatch)!.entries.map((entry) => entry.action.type);
    const readWhenAsked = getItem.mock.calls.map(([key]) => key).filter((key) => key.startsWith(LOG_STORAGE_KEY));
    getItem.mockRestore();
    expect(readAtStart).toEqual([LOG_STORAGE_KEY]);
    expect(readWhenAsked.some((key) => key.startsWith(`${LOG_STORAGE_KEY}:`))).toBe(true);
    expect(types).toEqual(['notifications/added', PAGE_LOADED]);
  });

  it('keeps the earlier pages when a page is left before it read them', () => {
    const first = makeStore();
    first.dispatch(notificationAdded({ id: 'a', type: 'error', title: 'Error', text: 'page one' }));
    window.dispatchEvent(new Event('pagehide'));
    const second = makeStore();
    second.dispatch(notificationAdded({ id: 'b', type: 'info', title: 'Hi', text: 'page two' }));
    window.dispatchEvent(new Event('pagehide'));
    const third = makeStore();
    const texts = readRecording(third.dispatch)!
      .entries.filter((entry) => entry.action.type === 'notifications/added')
      .map((entry) => (entry.action.payload as { text: string }).text);
    expect(texts).toEqual(['page one', 'page two']);
    expect(readRecording(second.dispatch)!.entries.map((entry) => entry.action.type)).toEqual(['notifications/added', PAGE_LOADED, 'notifications/added']);
  });
});

describe('the stored parts of a recording', () => {
  const action = (text: string, size: number) => ({ action: { type: 'notifications/added', payload: { text } }, at: 1, size });

  it('lets the oldest parts go while the parts hold more than the bound, starting then at the first part kept', () => {
    const first = savePageRecording({ pages: [], startBefore: () => ({ at: 'start' }) }, { key: `${LOG_STORAGE_KEY}:a`, actions: [action('a', 60)] }, 130);
    const second = savePageRecording({ pages: first, startBefore: () => ({ at: 'start' }) }, { key: `${LOG_STORAGE_KEY}:b`, actions: [action('b', 60)] }, 130);
    expect(second.map((page) => page.key)).toEqual([`${LOG_STORAGE_KEY}:a`, `${LOG_STORAGE_KEY}:b`]);
    const startBefore = jest.fn((key: string) => ({ at: key }));
    const third = savePageRecording({ pages: second, startBefore }, { key: `${LOG_STORAGE_KEY}:c`, actions: [action('c', 50)] }, 130);
    expect(third).toEqual([
      { key: `${LOG_STORAGE_KEY}:b`, bytes: 60 },
      { key: `${LOG_STORAGE_KEY}:c`, bytes: 50 },
    ]);
    expect(sessionStorage.getItem(`${LOG_STORAGE_KEY}:a`)).toBeNull();
    const stored = loadStoredRecording()!;
    expect(stored.start).toEqual({ at: `${LOG_STORAGE_KEY}:b` });
    expect(stored.actions.map((entry) => (entry.action.payload as { text: string }).text)).toEqual(['b', 'c']);
  });

  it('forgets every part when recording is turned off', () => {
    const first = savePageRecording({ pages: [], startBefore: () => ({}) }, { key: `${LOG_STORAGE_KEY}:a`, actions: [action('kept for now', 60)] }, 1000);
    savePageRecording({ pages: first, startBefore: () => ({}) }, { key: `${LOG_STORAGE_KEY}:b`, actions: [action('and this', 60)] }, 1000);
    expect(storedText()).toContain('kept for now');
    const store = makeStore();
    expect(readRecording(store.dispatch)!.entries).toHaveLength(3);
    store.dispatch(recordingToggled(false));
    store.dispatch(themeChanged('rustDefault'));
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith(LOG_STORAGE_KEY))).toEqual([]);
  });
});
