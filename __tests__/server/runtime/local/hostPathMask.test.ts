import { gameOutputAliases, hostPathMask } from '../../../../server/src/runtime/local/hostPathMask';
import { launchersDir } from '../../../../server/src/runtime/install/runInstallStep';
import { resolve } from 'node:path';

describe('host paths in game output', () => {
  const mask = hostPathMask([
    ['/srv/panel', '/opt/panel-runtime/panel'],
    ['/srv/panel/node_modules', '/opt/panel-runtime/node_modules'],
    ['/srv/panel/data/servers/0f8e', '/home/container'],
  ]);

  it('names each host folder as the sandbox does, the most specific first', () => {
    expect(mask('    at Object.<anonymous> (/srv/panel/node_modules/flying-squid/index.js:12:5)')).toBe('    at Object.<anonymous> (/opt/panel-runtime/node_modules/flying-squid/index.js:12:5)');
    expect(mask("Error: ENOENT: no such file, open '/srv/panel/data/servers/0f8e/world/level.dat'")).toBe("Error: ENOENT: no such file, open '/home/container/world/level.dat'");
    expect(mask('cwd /srv/panel/data/servers/0f8e')).toBe('cwd /home/container');
    expect(mask('/srv/panel/server/src/runtime/launchers/x.cjs:1')).toBe('/opt/panel-runtime/panel/server/src/runtime/launchers/x.cjs:1');
  });

  it('leaves alone a folder that only starts like one (and lines without paths)', () => {
    expect(mask('/srv/panel-old/file')).toBe('/srv/panel-old/file');
    expect(mask('[12:00:02 INFO]: Done (0.9s)! For help, type "help"')).toBe('[12:00:02 INFO]: Done (0.9s)! For help, type "help"');
  });

  it('knows where this panel, its launchers and their packages are', () => {
    const root = '/var/lib/panel/servers/abc';
    const masked = hostPathMask(gameOutputAliases(root));
    const flyingSquid = require.resolve('flying-squid/package.json').replace('/package.json', '/index.js');
    const line = `at start (${flyingSquid}:1:1) in ${root}/logs via ${launchersDir}/flying-squid.cjs, panel ${resolve(launchersDir, '../../../..')}/package.json`;
    const shown = masked(line);
    expect(shown).toBe(
      'at start (/opt/panel-runtime/node_modules/flying-squid/index.js:1:1) in /home/container/logs via /opt/panel-runtime/launchers/flying-squid.cjs, panel /opt/panel-runtime/panel/package.json',
    );
  });
});
