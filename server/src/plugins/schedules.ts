import fp from 'fastify-plugin';
import { ScheduleRunner } from '../services/schedules/ScheduleRunner';
import { ScheduleService } from '../services/schedules/ScheduleService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled tasks of servers (schedules, their chains, runs and history). */
    schedules: ScheduleService;
    /** The loop that starts due schedules (tests stop it to drive `schedules.tick` themselves). */
    scheduleRunner: ScheduleRunner;
  }
}

/**
 * The schedule service and its runner. On ready (after the runtime has recovered its servers),
 * this panel's runs interrupted by a crash are marked failed and the runner starts; on close it
 * stops and the runs in progress record how far they got.
 */
export const schedulesPlugin = fp(
  async (app) => {
    const service = new ScheduleService({
      db: app.db,
      runtime: app.runtime,
      backups: app.backups,
      events: app.panelEvents,
      dataDir: app.config.dataDir,
      sharedDataDirPort: app.cluster ? app.config.port : undefined,
      log: app.log,
    });
    const runner = new ScheduleRunner(service, app.log);
    app.decorate('schedules', service);
    app.decorate('scheduleRunner', runner);
    app.addHook('onReady', async () => {
      const recovered = await service.recover();
      if (recovered.failed > 0) app.log.info(recovered, 'schedule runs interrupted by a restart marked failed');
      runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
      await service.shutdown();
    });
  },
  { name: 'schedules', dependencies: ['runtime', 'database', 'backups', 'events'] },
);
