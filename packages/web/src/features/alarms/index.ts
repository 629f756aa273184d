/** What other features may use of the alarms feature: the count of alarms waiting (the shell's bell). */
export { ALARM_KEYS, useAlarmCount } from './countApi';
/** The platform's threshold rules of a farm, for pages that compare their own limits with them (remote control's alarm limits). */
export { ALARM_RULES_APP, useThresholdRules } from './thresholdRules';
