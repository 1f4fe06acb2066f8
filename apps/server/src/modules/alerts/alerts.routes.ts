import {
  acknowledgeAlert,
  alertHistory,
  linkAlertLine,
  listAlertRules,
  myAlertSettings,
  openAlerts,
  saveAlertRule,
  saveMyAlertSettings,
  unlinkAlertLine,
} from '@truck-queue/shared/contracts/alert.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { AlertsService } from './alerts.service.ts';

/** The alerts' calls: the admins' rules, every officer's bell, history and own settings. */
export function registerAlertRoutes(register: RegisterCall, alerts: AlertsService): void {
  register(listAlertRules, async ({ auth }) => ({ status: 1, rules: await alerts.rules(auth) }));
  register(saveAlertRule, async ({ auth, body }) => ({ status: 1, rule: await alerts.saveRule(auth, body) }));
  register(openAlerts, async ({ auth }) => ({ status: 1, ...(await alerts.open(auth)) }));
  register(alertHistory, async ({ auth, body }) => ({
    status: 1,
    ...(await alerts.history(auth, body.find_start, body.find_finish)),
  }));
  register(acknowledgeAlert, async ({ auth, body }) => ({
    status: 1,
    alert: await alerts.acknowledge(auth, body.id),
  }));
  register(myAlertSettings, async ({ auth }) => ({ status: 1, settings: await alerts.mySettings(auth) }));
  register(saveMyAlertSettings, async ({ auth, body }) => ({
    status: 1,
    settings: await alerts.saveMySettings(auth, body),
  }));
  register(linkAlertLine, async ({ auth }) => ({ status: 1, ...(await alerts.linkLine(auth)) }));
  register(unlinkAlertLine, async ({ auth }) => ({ status: 1, settings: await alerts.unlinkLine(auth) }));
}
