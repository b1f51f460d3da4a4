import i18next from 'i18next';
import de from '../../../../server/translations/de.json';
import { translatePanelNotice } from '../../../../src/features/console/panelNotices';

let t: typeof i18next.t;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'de', fallbackLng: 'en', resources: { de: { translation: de } }, interpolation: { escapeValue: false } });
  t = instance.t.bind(instance);
});

it('shows the panel’s console notices in the reader’s language, with their figures', () => {
  expect(translatePanelNotice('[Panel] Starting the server (memory limit 1024 MiB, CPU limit 100 %, disk limit 5120 MiB).', t)).toBe(
    `${de.console.notice.prefix} ${de.console.notice.starting.replace('{{memory}}', '1024').replace('{{cpu}}', '100').replace('{{disk}}', '5120')}`,
  );
  expect(translatePanelNotice('[Panel] The server is stopped.\n', t)).toBe(`${de.console.notice.prefix} ${de.console.notice.stopped}\n`);
  expect(translatePanelNotice('[Panel] Restarting the server in 2.5 s (attempt 1 of 3).', t)).toContain('2.5');
  expect(translatePanelNotice('[Panel] Restarting the server in 2.5 s (attempt 1 of 3).', t)).not.toContain('Restarting');
});

it('keeps a quoted reason as the server gave it, and leaves the game’s lines and unknown notices alone', () => {
  expect(translatePanelNotice('[Panel] Installation failed: java was not found on this node.', t)).toBe(
    `${de.console.notice.prefix} ${de.console.notice.installFailed.replace('{{reason}}', 'java was not found on this node.')}`,
  );
  expect(translatePanelNotice('[12:00:00] [Server thread/INFO]: Done (1.2s)! For help, type "help"', t)).toBe('[12:00:00] [Server thread/INFO]: Done (1.2s)! For help, type "help"');
  expect(translatePanelNotice('[Panel] Something new the table does not know.', t)).toBe('[Panel] Something new the table does not know.');
});
