import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../../../src/app/store';
import { ReportProblemDialog } from '../../../../src/features/support/ReportProblemDialog';
import { parseActionLog } from '../../../../src/features/support/parseActionLog';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { themeChanged } from '../../../../src/core/theme/themeSlice';
import { renderWithProviders } from '../../renderWithProviders';

/** A store that recorded a short visit: two pages and a change of theme. */
function recordedStore() {
  const store = makeStore();
  store.dispatch(locationChanged('/'));
  store.dispatch(themeChanged('rustDefault'));
  store.dispatch(locationChanged('/account/edit'));
  return store;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Captures what the dialog hands to the browser's download: the file and its name. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: jest.fn() });
  // jsdom cannot download; the link's click is where the browser would.
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, restore: () => click.mockRestore() };
}

afterEach(() => sessionStorage.clear());

describe('the Report a problem dialog', () => {
  it('shows what the file holds before it is sent', () => {
    const store = recordedStore();
    renderWithProviders(<ReportProblemDialog onClose={jest.fn()} />, { store });
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });

    expect(within(dialog).getByText('Passwords, tokens and codes are never in it.', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('Panel build').closest('tr')).toHaveTextContent('development');
    expect(within(dialog).getByText('Language and theme').closest('tr')).toHaveTextContent('en · rustDefault');
    expect(within(dialog).getByText('Page').closest('tr')).toHaveTextContent('/account/edit');
    const contents = within(dialog).getByRole('textbox', { name: 'What the file contains' }) as HTMLTextAreaElement;
    const shown = JSON.parse(contents.value) as { actionCount: number; payload: string };
    expect(within(dialog).getByText('Actions').closest('tr')).toHaveTextContent(String(shown.actionCount));
    expect(JSON.parse(shown.payload).map((action: { type: string }) => action.type)).toEqual(['router/locationChanged', 'theme/changed', 'router/locationChanged']);
  });

  it('downloads the JSON file with version, build, time, browser, locale, theme, starting state and actions', async () => {
    const downloads = captureDownloads();
    try {
      const store = recordedStore();
      const before = Date.now();
      renderWithProviders(<ReportProblemDialog onClose={jest.fn()} />, { store });
      fireEvent.click(screen.getByRole('button', { name: 'Download the file' }));

      expect(downloads.blobs).toHaveLength(1);
      expect(downloads.blobs[0].type).toBe('application/json');
      expect(downloads.names[0]).toMatch(/^panel-action-log-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
      const text = await readBlob(downloads.blobs[0]);
      const file = JSON.parse(text) as Record<string, unknown>;
      expect(file).toMatchObject({
        format: 'game-panel-action-log',
        version: 1,
        buildId: 'development',
        browser: navigator.userAgent,
        locale: 'en',
        theme: 'rustDefault',
        location: '/account/edit',
        actionCount: 3,
      });
      expect(Date.parse(file.exportedAt as string)).toBeGreaterThanOrEqual(before - 1000);
      expect(file.times).toHaveLength(3);
      // The file is what the dialog showed, and it replays.
      expect((screen.getByRole('textbox', { name: 'What the file contains' }) as HTMLTextAreaElement).value).toBe(text);
      const log = parseActionLog(text);
      expect(log.startState).toHaveProperty('theme');
      expect(log.startState).not.toHaveProperty('_persist');
      expect((log.startState.router as { location: unknown }).location).toBeNull();
      expect(log.actions).toHaveLength(3);
    } finally {
      downloads.restore();
    }
  });

  it('turns recording off and on with its switch', async () => {
    const store = recordedStore();
    const onClose = jest.fn();
    renderWithProviders(<ReportProblemDialog onClose={onClose} />, { store });
    const recordingSwitch = screen.getByRole('switch');
    expect(recordingSwitch).toBeChecked();

    fireEvent.click(recordingSwitch);
    expect(store.getState().support.recording).toBe(false);
    await waitFor(() => expect(screen.getByText('Recording is off, so there is nothing to send.')).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'What the file contains' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the file' })).toBeDisabled();

    // Turned on again, recording starts afresh from now: the old visit is gone.
    fireEvent.click(screen.getByRole('switch'));
    expect(store.getState().support.recording).toBe(true);
    const contents = (await screen.findByRole('textbox', { name: 'What the file contains' })) as HTMLTextAreaElement;
    const file = JSON.parse(contents.value) as { payload: string };
    expect(JSON.parse(file.payload)).toEqual([]);
    expect(screen.getByText('Actions').closest('tr')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Download the file' })).toBeEnabled();

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
