import type { FastifyBaseLogger } from 'fastify';
import type { ScheduleService } from './ScheduleService';

/**
 * Looks for due schedules every `intervalMs` (so a schedule fires within a second of its time)
 * and lets the service claim them. Ticks never overlap; a failed tick is logged and the next one
 * tries again.
 */
export class ScheduleRunner {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> | null = null;

  constructor(
    private readonly service: ScheduleService,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.service
        .tick()
        .catch((error: Error) => this.log.warn({ err: error }, 'the schedule runner could not check for due schedules'))
        .finally(() => (this.ticking = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
