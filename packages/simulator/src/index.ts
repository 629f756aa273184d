/** Device simulator: shed models (pure, deterministic with a seed), fleets and the MQTT runner. */
export { ShedModel, type ShedConfig, type ShedState, type StatusEvent, type StepResult } from './model.js';
export type { EmptyHouse, FollowedFlock, Occupancy } from './occupancy.js';
export { buildFleet, kindForShedType, type FleetGateway, type FleetOptions } from './fleet.js';
export { SimulatorRunner, type Connection, type RunnerGateway, type RunnerOptions, type RunnerStats } from './runner.js';
export { applyCommand, parseCommand, type Ack, type Command } from './commands.js';
export { PROFILES, SHED_KINDS, profileKeys, type ShedKind, type ShedProfile } from './profiles.js';
export { DEFAULT_FAULTS, type FaultOptions } from './faults.js';
export { defaultHeater, type HeaterParams } from './settings.js';
export {
  DEFAULT_WARN_BAR,
  DEFAULT_WARN_BUTTON,
  DEFAULT_WARN_NH3,
  DEFAULT_WARN_RH,
  defaultDynamicWind,
  defaultFixedWind,
  defaultLighting,
  defaultPumps,
  defaultWindow,
} from './defaults.js';
export { Weather, type WeatherOptions } from './weather.js';
export { BROILER_TARGET, BROILER_RH, interpolate } from './curves.js';
export { FeedConcentratorModel, FEEDER_STATE, parseRation, type ConcentratorConfig, type FeederAddress, type Ration } from './feeders.js';
export { FEEDER_FAULT_CHANCE, feederFaultOn, type FeederFaultWindow } from './feeder-faults.js';
export { SiloScaleModel, type SiloChannel, type SiloScaleConfig } from './silo-scales.js';
