import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeStore } from '../../../../src/app/store';
import { appSlice } from '../../../../src/core/app/appSlice';
import { sessionSlice } from '../../../../src/core/session/sessionSlice';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { AppRouter } from '../../../../src/app/router/AppRouter';
import { SupportReplayPage } from '../../../../src/app/replay/SupportReplayPage';
import { themeChanged } from '../../../../src/core/theme/themeSlice';
import { anonymous } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';
import { renderWithProviders } from '../../renderWithProviders';
import { initTestI18n } from '../../testI18n';

/**
 * A log recorded by a real store: a visitor who is not logged in opens the login page, goes to
 * sign up, switches the theme and comes back to the login page (5 actions).
 */
function recordedLogText(): string {
  const store = makeStore();
  store.dispatch(appSlice.actions.initialised());
  store.dispatch(sessionSlice.actions.currentUserLoadFailed());
  store.dispatch(locationChanged('/login'));
  store.dispatch(locationChanged('/sign-up'));
  store.dispatch(themeChanged('rustDefault'));
  store.dispatch(locationChanged('/login'));
  const file = buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-42', browser: 'TestBrowser/1.0' });
  return actionLogText(file);
}

function chooseFile(text: string, name = 'log.json') {
  const input = screen.getByLabelText('Action log file');
  const file = new File([text], name, { type: 'application/json' });
  // jsdom's File has no text(); browsers do.
  if (typeof file.text !== 'function') Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
  fireEvent.change(input, { target: { files: [file] } });
}

const position = () => screen.getByTestId('replay-position').textContent;
const replayed = () => screen.getByTestId('replay-screen');

let fetchSpy: jest.SpyInstance;

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
});

afterEach(() => {
  fetchSpy.mockRestore();
  jest.useRealTimers();
});

function renderPage() {
  return renderWithProviders(<SupportReplayPage i18n={initTestI18n()} router={AppRouter} />, { route: '/support/replay' });
}

describe('the replay page', () => {
  it('loads a recorded log, starts at the last step and renders the customer’s screen from it', async () => {
    renderPage();
    chooseFile(recordedLogText());

    expect(await screen.findByTestId('replay-summary')).toHaveTextContent('6 actions · build build-42 · TestBrowser/1.0');
    expect(position()).toBe('Step 6 of 6');
    expect(replayed()).toHaveAttribute('data-location', '/login');
    expect(await within(replayed()).findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'router/locationChanged' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'State changes' })).getByText('router.location')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reached through the app’s routes, replays with the router the app passes in (not one it imports)', async () => {
    renderApp('/support/replay', anonymous());
    await screen.findByLabelText('Action log file');
    chooseFile(recordedLogText());
    expect(await within(await screen.findByTestId('replay-screen')).findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(replayed()).toHaveAttribute('data-location', '/login');
  });

  it('steps and jumps, and the rendered screen follows the step', async () => {
    renderPage();
    chooseFile(recordedLogText());
    await within(await screen.findByTestId('replay-screen')).findByRole('heading', { name: 'Log in' });

    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(position()).toBe('Step 5 of 6');
    // Step 5 is the theme change, still on the sign-up page.
    expect(screen.getByRole('heading', { level: 5, name: 'theme/changed' })).toBeInTheDocument();
    expect(replayed()).toHaveAttribute('data-location', '/sign-up');
    expect(await within(replayed()).findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(within(replayed()).queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();

    // Jump to the first step through the action list: nothing is on screen yet, no address.
    const actions = within(screen.getByRole('list', { name: 'Actions' })).getAllByRole('button');
    fireEvent.click(actions[0]);
    expect(position()).toBe('Step 1 of 6');
    expect(screen.getByRole('heading', { level: 5, name: 'app/initialised' })).toBeInTheDocument();

    fireEvent.click(actions[3]);
    expect(position()).toBe('Step 4 of 6');
    expect(await within(replayed()).findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(position()).toBe('Step 6 of 6');
    expect(screen.getByRole('button', { name: 'Step forward' })).toBeDisabled();
    expect(await within(replayed()).findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('plays from the start at the recorded pace and pauses', async () => {
    renderPage();
    chooseFile(recordedLogText());
    await screen.findByTestId('replay-summary');
    jest.useFakeTimers();

    // Playing from the end starts over.
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    expect(position()).toBe('Step 0 of 6');
    expect(screen.getByRole('heading', { level: 5, name: 'Starting state' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(50));
    expect(position()).toBe('Step 1 of 6');
    act(() => jest.advanceTimersByTime(50));
    expect(position()).toBe('Step 2 of 6');

    fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
    act(() => jest.advanceTimersByTime(5000));
    expect(position()).toBe('Step 2 of 6');

    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    // Each step's timer starts once the previous step has rendered.
    for (let tick = 0; tick < 10; tick += 1) act(() => jest.advanceTimersByTime(100));
    expect(position()).toBe('Step 6 of 6');
    // Playing stops by itself at the end.
    expect(screen.getByRole('button', { name: /Play/ })).toBeInTheDocument();
    jest.useRealTimers();
    expect(await within(replayed()).findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each([
    ['not JSON', 'this is not json', 'This file is not an action log (it is not JSON).'],
    ['JSON of another kind', JSON.stringify({ hello: 'world' }), 'This file is not an action log of this panel.'],
    ['of another version', JSON.stringify({ format: 'game-panel-action-log', version: 99 }), 'This action log was made by a different version of the panel'],
  ])('explains a file that is %s and shows no replay', async (_kind, text, message) => {
    renderPage();
    chooseFile(text);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('replay-screen')).not.toBeInTheDocument();
  });

  it('explains a damaged log, and a good file afterwards replaces the message', async () => {
    renderPage();
    const file = JSON.parse(recordedLogText()) as Record<string, unknown>;
    chooseFile(JSON.stringify({ ...file, actionCount: 99 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This action log is damaged and cannot be replayed. The action log is damaged: it announces 99 actions but holds 6.');

    chooseFile(recordedLogText());
    expect(await screen.findByTestId('replay-summary')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
