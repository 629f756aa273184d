import type { RouteOptions } from 'fastify';
import type { TestContext } from '../test/harness.js';
import type { JsonSchema } from './json-schema.js';

/**
 * The world of the security tests: the app built with an `onRoute` listener (so each route's
 * `config` is known), the OpenAPI document joined with the registered routes, the demo tenant's
 * ids and the names that must never leak, and the accounts the matrix calls as.
 */
export interface ZodLike {
  safeParse(v: unknown): { success: boolean; error?: unknown };
}

export interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface RouteInfo {
  /** "METHOD /api/path/{param}" as the OpenAPI document names it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The route pattern Fastify knows (`:id`), which the audit log records as the action. */
  pattern: string;
  config: NonNullable<RouteOptions['config']>;
  schema: { body?: ZodLike; querystring?: ZodLike; params?: ZodLike };
  op: OpenApiOperation;
  bodySchema?: JsonSchema;
}

export interface Actor {
  id: number;
  code: string;
}

export interface DemoIds {
  tenant: number;
  pigFarm: number;
  poultryFarm: number;
  pigShed: number;
  pigPen: number;
  pigGateway: { id: number; code: string };
  pigAccount: number;
  pigRole: number;
  appId: number;
  /** A network device of the pig farm (when the device registry exists). */
  pigNetwork: number | null;
  /** A flock in the pig farm's first shed (production routes). */
  pigFlock: number;
  /** A standard curve of the pig farm (standard curve routes). */
  pigCurve: number;
  /** An alarm rule group, one of its rules and an alarm of the pig farm (alarm routes). */
  pigAlarmGroup: number;
  pigAlarmRule: number;
  pigAlarm: number;
  /** The pig farm's push strategy and phone notification configuration (push routes). */
  pigPushStrategy: number;
  pigPhoneConfig: number;
  /** An authorization code of the pig farm's first house (remote control). */
  pigAuthCode: number;
  /** A silo feeding the pig farm's first shed (silo routes). */
  pigSilo: number;
  /** A pig feed of the demo catalogue and its type (feeding routes; the catalogue is the tenant's). */
  pigFeedType: number;
  pigFeed: number;
  /** A feeding plan of the pig farm (db/seed-feeding.ts). */
  pigPlan: number;
  /** A feeding standard of the demo tenant (db/seed-feeding-standards.ts). */
  pigStandard: number;
  /** The house meal adjustment of the pig farm's Farrowing 1 (db/seed-meal-adjusts.ts). */
  pigMealAdjust: number;
  /** The pig farm's first house's feeder hierarchy (security world): a concentrator, a collector under it and a feeder under that. */
  pigConcentrator: number;
  pigCollector: number;
  pigFeeder: number;
  /** A feeding rack in the feeder's pen with two positions, the feeder at the first. */
  pigRack: number;
  pigPosition: number;
}

/** What must not come back: names (substring match) and account codes (exact, under account-like keys). */
export interface Markers {
  texts: string[];
  accountCodes: string[];
}

export interface SecurityWorld {
  ctx: TestContext;
  registered: { key: string; pattern: string; config: RouteInfo['config'] }[];
  routes: RouteInfo[];
  demo: DemoIds;
  actors: Record<'outsider' | 'noFunction' | 'otherFarm' | 'admin' | 'platform', Actor>;
  /** The one application code the no-function account holds (serves no route). */
  unrelatedCode: string;
  tenantMarkers: Markers;
  pigFarmMarkers: Markers;
  passwords: { strong: string; demo: string };
}
