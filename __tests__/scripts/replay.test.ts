import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArguments, replayFile } from '../../scripts/replay';
import { makeStore } from '../../src/app/store';
import { actionLogText, buildActionLog } from '../../src/features/support/buildActionLog';
import { locationChanged } from '../../src/core/router/routerSlice';
import { readRecording } from '../../src/features/support/recorderMiddleware';
import { themeChanged } from '../../src/core/theme/themeSlice';

const dir = mkdtempSync(join(tmpdir(), 'replay-'));

function writeLog(name: string, change?: (file: Record<string, unknown>) => Record<string, unknown>) {
  const store = makeStore();
  store.dispatch(locationChanged('/account/edit'));
  store.dispatch(themeChanged('rustDefault'));
  const file = buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'b7', browser: 'node' });
  const path = join(dir, name);
  writeFileSync(path, change ? JSON.stringify(change(file as unknown as Record<string, unknown>)) : actionLogText(file));
  return path;
}

describe('npm run replay', () => {
  it('prints the route, the action count and the final state', () => {
    const out = replayFile(writeLog('ok.json'), null);
    expect(out).toContain('Actions: 2');
    expect(out).toContain('Route: /account/edit');
    expect(out).toContain('"name": "rustDefault"');
  });

  it('prints the state at --at N', () => {
    const out = replayFile(writeLog('at.json'), 1);
    expect(out).toContain('Step: 1 (router/locationChanged)');
    expect(out).toContain('"name": "minecraftDefault"');
    expect(() => replayFile(writeLog('past.json'), 5)).toThrow('--at 5 is past the end: the log has 2 actions.');
  });

  it('fails clearly on another version or a damaged file', () => {
    expect(() =>
      replayFile(
        writeLog('v2.json', (f) => ({ ...f, version: 2 })),
        null,
      ),
    ).toThrow('format version 2; this panel reads version 1');
    expect(() =>
      replayFile(
        writeLog('bad.json', (f) => ({ ...f, payload: '[' })),
        null,
      ),
    ).toThrow('The action log is damaged');
  });

  it('reads its arguments', () => {
    expect(parseArguments(['log.json', '--at', '3'])).toEqual({ file: 'log.json', at: 3 });
    expect(parseArguments(['--at=0', 'log.json'])).toEqual({ file: 'log.json', at: 0 });
    expect(() => parseArguments([])).toThrow('Usage');
    expect(() => parseArguments(['x', '--at', '-1'])).toThrow('whole number');
  });
});
