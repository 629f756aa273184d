/** What other features may use of the alarms feature: the count of alarms waiting (the shell's bell). */
export { ALARM_KEYS, useAlarmCount } from './countApi';
