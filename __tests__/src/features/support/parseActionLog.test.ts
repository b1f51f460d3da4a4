import { makeStore } from '../../../../src/app/store';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { ActionLogError, parseActionLog } from '../../../../src/features/support/parseActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { themeChanged } from '../../../../src/core/theme/themeSlice';

function validLog() {
  const store = makeStore();
  store.dispatch(themeChanged('rustDefault'));
  return buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'b1', browser: 'jsdom' });
}

const problemOf = (text: string) => {
  try {
    parseActionLog(text);
  } catch (error) {
    return error instanceof ActionLogError ? [error.problem, error.message] : ['other', String(error)];
  }
  return ['none', ''];
};

describe('reading action log files', () => {
  it('reads an exported log', () => {
    const log = parseActionLog(actionLogText(validLog()));
    expect(log.actions.map((action) => action.type)).toEqual(['theme/changed']);
    expect(log.meta.buildId).toBe('b1');
  });

  it('refuses a file of another format version with a clear message', () => {
    expect(problemOf(JSON.stringify({ ...validLog(), version: 2 }))).toEqual(['version', 'The action log has format version 2; this panel reads version 1.']);
  });

  it('refuses files that are not action logs', () => {
    expect(problemOf('not json {')[0]).toBe('notJson');
    expect(problemOf('[1,2]')[0]).toBe('notActionLog');
    expect(problemOf(JSON.stringify({ format: 'something-else', version: 1 }))[0]).toBe('notActionLog');
  });

  it('refuses damaged files', () => {
    const log = validLog();
    expect(problemOf(JSON.stringify({ ...log, payload: '[{"type":' }))).toEqual(['damaged', 'The action log is damaged: the action list is not valid JSON.']);
    expect(problemOf(JSON.stringify({ ...log, payload: '[{"payload":1}]' }))[1]).toMatch(/action 1 has no type/);
    expect(problemOf(JSON.stringify({ ...log, preloadedState: '[]' }))[1]).toMatch(/starting state is not an object/);
    expect(problemOf(JSON.stringify({ ...log, times: [] }))[1]).toMatch(/times do not match/);
    expect(problemOf(JSON.stringify({ ...log, actionCount: 9 }))[1]).toMatch(/announces 9 actions but holds 1/);
    const { buildId: _ignored, ...noBuild } = log;
    expect(problemOf(JSON.stringify(noBuild))[1]).toMatch(/"buildId" is missing/);
  });

  it('refuses files that are too large before parsing them', () => {
    expect(problemOf(' '.repeat(33 * 1024 * 1024))[0]).toBe('tooLarge');
  });
});
