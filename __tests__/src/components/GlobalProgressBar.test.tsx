import { act, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../../src/api/auth';
import { AppChrome } from '../../../src/app/router/AppChrome';
import { loaderFinished, loaderStarted } from '../../../src/core/app/appSlice';
import { deferred, mockFetch, type MockAnswer } from '../helpers/mockFetch';
import { renderWithProviders } from '../renderWithProviders';

describe('the global progress bar', () => {
  it('is shown exactly while loaders > 0', () => {
    const { store } = renderWithProviders(<AppChrome />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => void store.dispatch(loaderStarted()));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => void store.dispatch(loaderStarted()));
    act(() => void store.dispatch(loaderFinished()));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => void store.dispatch(loaderFinished()));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('runs while a real request is in flight', async () => {
    const answer = deferred<MockAnswer>();
    mockFetch({ 'GET /api/v2/auth/current': () => answer.promise });
    const { store } = renderWithProviders(<AppChrome />);
    let request: Promise<unknown> = Promise.resolve();
    act(() => {
      request = store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
    });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await act(async () => {
      answer.resolve({ status: 401, body: { message: 'Unauthenticated.' } });
      await request;
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
