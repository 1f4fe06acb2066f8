import type { PlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { Line } from '../notifications/line.ts';
import { registerAlertRoutes } from './alerts.routes.ts';
import { createAlertsService, type AlertsService } from './alerts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The manager's alerts (tests evaluate them by hand; modules/alerts). */
    alerts: AlertsService;
  }
}

/** How often the rules are looked at (main.ts: `alertJobs`); a threshold is in whole minutes. */
export const ALERT_EVALUATE_MS = 30_000;

/**
 * The manager's alerts (issue 41): the rules, the evaluator (every ALERT_EVALUATE_MS where asked:
 * `alertJobs`), the bell's calls and LINE to the officers who linked a chat.
 */
export function registerAlertsModule(
  host: ModuleHost,
  deps: { line: Line | null; days: Pick<PlantDays, 'calendar'> },
) {
  const { app, register, config, db, background, clock, events, live, options } = host;
  const alerts = createAlertsService({
    db,
    background,
    clock,
    events,
    live,
    line: deps.line,
    days: deps.days,
    siteTimeZone: config.siteTimeZone,
    timeScale: config.alertTimeScale,
    log: app.log,
  });
  deps.line?.addStaffChat(alerts.staffChat);
  registerAlertRoutes(register, alerts);
  app.decorate('alerts', alerts);
  if (options.alertJobs) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = alerts
        .evaluate()
        .catch((error: unknown) => app.log.error({ err: error }, 'the alerts could not be evaluated'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onListen', () => {
      // Under ALERT_TIME_SCALE (the simulator) as often in its time, but not more than once a second.
      timer = setInterval(tick, Math.max(1_000, ALERT_EVALUATE_MS / config.alertTimeScale));
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  }
  return { alerts };
}
