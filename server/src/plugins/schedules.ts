import fp from 'fastify-plugin';
import { ScheduleRunner } from '../services/schedules/ScheduleRunner';
import { ScheduleService } from '../services/schedules/ScheduleService';
import { EventTriggers } from '../services/schedules/EventTriggers';

/** A minute, unless tests shorten it (PanelConfig.eventTuning). */
const MINUTE_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled tasks of servers (schedules, their chains, runs and history). */
    schedules: ScheduleService;
    /** The loop that starts due schedules (tests stop it to drive `schedules.tick` themselves). */
    scheduleRunner: ScheduleRunner;
    /** Starts schedules on their events (crash, start, empty, player joined, threshold). */
    scheduleTriggers: EventTriggers;
  }
}

/**
 * The schedule service and its runner. On ready (after the runtime has recovered its servers),
 * this panel's runs interrupted by a crash are marked failed and the runner starts; on close it
 * stops and the runs in progress record how far they got.
 */
export const schedulesPlugin = fp(
  async (app) => {
    let triggers: EventTriggers | null = null;
    const service = new ScheduleService({
      db: app.db,
      runtime: app.runtime,
      backups: app.backups,
      events: app.panelEvents,
      dataDir: app.config.dataDir,
      sharedDataDirPort: app.cluster ? app.config.port : undefined,
      log: app.log,
      onTriggersChanged: (uuid) => triggers?.forget(uuid),
    });
    const runner = new ScheduleRunner(service, app.log);
    triggers = new EventTriggers({
      db: app.db,
      schedules: service,
      playersOnline: (uuid) => app.runtime.players.list(uuid)?.length ?? null,
      log: app.log,
      minuteMs: app.config.eventTuning?.minuteMs ?? MINUTE_MS,
    });
    const eventTriggers = triggers;
    app.decorate('scheduleTriggers', eventTriggers);
    const unsubscribe = app.panelEvents.subscribe(eventTriggers.heard);
    const untap = app.runtime.events.tap((uuid, event) => event.type === 'stats' && eventTriggers.sampled(uuid, event.resources));
    app.decorate('schedules', service);
    app.decorate('scheduleRunner', runner);
    app.addHook('onReady', async () => {
      const recovered = await service.recover();
      if (recovered.failed > 0) app.log.info(recovered, 'schedule runs interrupted by a restart marked failed');
      runner.start();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      untap();
      await eventTriggers.settle();
      await runner.stop();
      await service.shutdown();
    });
  },
  { name: 'schedules', dependencies: ['runtime', 'database', 'backups', 'events'] },
);
