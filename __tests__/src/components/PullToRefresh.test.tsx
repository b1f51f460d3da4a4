import { act, fireEvent, screen } from '@testing-library/react';
import { PullToRefresh, pullToRefreshThreshold } from '../../../src/components/PullToRefresh';
import { deferred } from '../helpers/mockFetch';
import { renderWithProviders } from '../renderWithProviders';

function pull(element: HTMLElement, distance: number) {
  fireEvent.touchStart(element, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance / 2 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance }] });
  fireEvent.touchEnd(element, { touches: [] });
}

function renderList(onRefresh: () => unknown) {
  renderWithProviders(
    <PullToRefresh onRefresh={onRefresh}>
      <ul aria-label="Things">
        <li>One</li>
      </ul>
    </PullToRefresh>,
  );
  return screen.getByRole('list', { name: 'Things' });
}

describe('pull to refresh', () => {
  afterEach(() => Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 }));

  it('has the 64 px threshold', () => {
    expect(pullToRefreshThreshold).toBe(64);
  });

  it('refreshes after a pull of 64 px', async () => {
    const refresh = deferred<void>();
    const onRefresh = jest.fn(() => refresh.promise);
    pull(renderList(onRefresh), 64);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Refreshing…')).toBeInTheDocument();
    await act(async () => refresh.resolve());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('does nothing for a shorter pull', () => {
    const onRefresh = jest.fn();
    pull(renderList(onRefresh), 63);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('tells when letting go will refresh', () => {
    const list = renderList(jest.fn());
    fireEvent.touchStart(list, { touches: [{ clientY: 0 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 30 }] });
    expect(screen.getByText('Pull to refresh')).toBeInTheDocument();
    fireEvent.touchMove(list, { touches: [{ clientY: 70 }] });
    expect(screen.getByText('Release to refresh')).toBeInTheDocument();
  });

  it('leaves ordinary scrolling alone when the page is not at the top', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    const onRefresh = jest.fn();
    pull(renderList(onRefresh), 200);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
