import { backupsApi } from '../../../../src/api/backups';
import { schedulesApi } from '../../../../src/api/schedules';
import { makeStore } from '../../../../src/app/store';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { parseActionLog } from '../../../../src/features/support/parseActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { createReplayStore } from '../../../../src/app/replay/createReplayStore';
import { replayReducer } from '../../../../src/app/replay/replayReducer';
import { ReplayTimeline } from '../../../../src/features/support/replayTimeline';
import { mockFetch } from '../../helpers/mockFetch';

const downloadSecret = 'dl-7c1e-once';
const backup = {
  uuid: '0b7d2f8e-1111-4a4a-9a9a-000000000001',
  name: 'Before the update',
  ignored: 'logs/',
  locked: true,
  state: 'completed',
  storage: 'local',
  checksum: 'a'.repeat(64),
  bytes: 2048,
  content_bytes: 4096,
  files: 3,
  error: null,
  started_at: '2026-11-24T01:00:00.000Z',
  completed_at: '2026-11-24T01:00:05.000Z',
};
const schedule = {
  uuid: '5c2a9e1d-2222-4b4b-8b8b-000000000002',
  name: 'Nightly greeting',
  minute: '0',
  hour: '4',
  day_of_month: '*',
  month: '*',
  day_of_week: '*',
  timezone: 'Europe/Berlin',
  only_when_online: true,
  enabled: true,
  next_run_at: '2026-11-25T03:00:00.000Z',
  next_runs: ['2026-11-25T03:00:00.000Z'],
  last_run_at: '2026-11-24T03:00:00.000Z',
  last_result: 'failed',
  last_error: 'Task 1 (command) failed: The server is not running.',
  tasks: [{ uuid: '9d9d9d9d-3333-4c4c-8c8c-000000000003', sequence: 1, action: 'command', payload: 'say hello', delay_seconds: 0, continue_on_failure: false }],
  created_at: '2026-11-20T10:00:00.000Z',
};
const run = {
  uuid: '7e7e7e7e-4444-4d4d-8d8d-000000000004',
  trigger: 'schedule',
  due_at: '2026-11-24T03:00:00.000Z',
  result: 'failed',
  error: 'Task 1 (command) failed: The server is not running.',
  tasks: [{ task: schedule.tasks[0].uuid, action: 'command', payload: 'say hello', result: 'failed', output: '', error: 'The server is not running.' }],
  started_at: '2026-11-24T03:00:00.200Z',
  finished_at: '2026-11-24T03:00:00.300Z',
};

describe('backups and scheduled tasks in the support replay', () => {
  it('are recorded with what their pages show (backup list, schedules, run history), the download link redacted, and replayed into the same cache', async () => {
    mockFetch({
      'GET /api/v2/servers/abc/backups': { status: 200, body: { data: [backup], meta: { limit: 10, rotate: false } } },
      'POST /api/v2/servers/abc/backups/0b7d2f8e-1111-4a4a-9a9a-000000000001/download': {
        status: 200,
        body: { data: { download_url: `https://panel.example/api/v2/backups/download/${downloadSecret}`, expires_at: '2026-11-24T01:05:00.000Z' } },
      },
      'GET /api/v2/servers/abc/schedules': { status: 200, body: { data: [schedule], meta: { limit: 20 } } },
      'GET /api/v2/servers/abc/schedules/5c2a9e1d-2222-4b4b-8b8b-000000000002/runs': { status: 200, body: { data: [run] } },
    });
    const store = makeStore();
    await store.dispatch(backupsApi.endpoints.listServerBackups.initiate({ id: 'abc' })).unwrap();
    await store.dispatch(backupsApi.endpoints.getServerBackupDownload.initiate({ id: 'abc', backup: backup.uuid })).unwrap();
    await store.dispatch(schedulesApi.endpoints.listServerSchedules.initiate({ id: 'abc' })).unwrap();
    await store.dispatch(schedulesApi.endpoints.listServerScheduleRuns.initiate({ id: 'abc', schedule: schedule.uuid })).unwrap();

    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    expect(text).not.toContain(downloadSecret);
    for (const shown of ['Before the update', backup.checksum, 'Nightly greeting', 'say hello', 'The server is not running.']) expect(text).toContain(shown);

    const timeline = new ReplayTimeline(parseActionLog(text), replayReducer);
    const replayed: unknown = createReplayStore(timeline.stateAt(timeline.length)).getState();
    // The enhanced endpoints type their root state with their own tags only; the store holds them all.
    type BackupsRoot = Parameters<ReturnType<typeof backupsApi.endpoints.listServerBackups.select>>[0];
    type SchedulesRoot = Parameters<ReturnType<typeof schedulesApi.endpoints.listServerSchedules.select>>[0];
    expect(backupsApi.endpoints.listServerBackups.select({ id: 'abc' })(replayed as BackupsRoot).data?.data).toEqual([backup]);
    expect(schedulesApi.endpoints.listServerSchedules.select({ id: 'abc' })(replayed as SchedulesRoot).data?.data).toEqual([schedule]);
    expect(schedulesApi.endpoints.listServerScheduleRuns.select({ id: 'abc', schedule: schedule.uuid })(replayed as SchedulesRoot).data?.data).toEqual([run]);
  });
});
