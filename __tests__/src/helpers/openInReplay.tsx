import { fireEvent, screen } from '@testing-library/react';
import { AppRouter } from '../../../src/app/router/AppRouter';
import { SupportReplayPage } from '../../../src/app/replay/SupportReplayPage';
import { renderWithProviders } from '../renderWithProviders';
import { initTestI18n } from '../testI18n';

/**
 * Opens an action log (its text, as a customer's "Report a problem" saves it) on the support
 * replay page and answers the replayed screen once it is shown.
 */
export async function openInReplay(text: string): Promise<HTMLElement> {
  renderWithProviders(<SupportReplayPage i18n={initTestI18n()} router={AppRouter} />, { route: '/support/replay' });
  const file = new File([text], 'log.json', { type: 'application/json' });
  // jsdom's File has no text() in every version.
  if (typeof file.text !== 'function') Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
  fireEvent.change(screen.getByLabelText('Action log file'), { target: { files: [file] } });
  return screen.findByTestId('replay-screen');
}
