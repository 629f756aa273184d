/**
 * What other features may use of the environment feature (lint: a feature imports another only
 * through its index). The device pages show a controller's live values with these; the alarm
 * records reload on the stream's alarm events.
 */
export { shedGatewaysQuery, useControllerDetail } from './api';
export { ControllerDetail } from './components/ControllerDetail';
export { LiveBadge } from './components/LiveBadge';
export type { LiveValue } from './live/liveStore';
export { useAlarmEvents } from './live/useAlarmEvents';
export { useLiveTelemetry } from './live/useLiveTelemetry';
export { fmtDuration, fmtNumber, fmtTime, fmtValue, keyLabel, prefixOf } from './model/format';
