import { daysBetween, type HealthRow, kpi, type LastImmunization, type LastMedication, type ReportBody } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import type { Scope } from '../../scope/index.js';
import { reportFlocks } from './report-query.js';

/**
 * Flock health (/ci18/immunel/health): per flock over the range, dead and culled birds, mortality
 * per 10 000 birds present at the start of the range (or placed, for a flock placed later), and
 * the immunisations and medications given (counted by the farm's calendar day), with the last of
 * each. One statement for every flock.
 */
export type { HealthRow, LastImmunization, LastMedication };

/**
 * One flock's health events of one kind (immunisations, medications) given in the range, counted by
 * the farm's calendar day: how many, and the last (newest first, then highest id) as JSON with its
 * kind's own `named` field.
 */
function healthEvents(cte: string, table: string, a: string, at: string, named: string): string {
  return `${cte} AS (
  SELECT ${a}.flock_id, COUNT(*)::int AS n,
    (array_agg(json_build_object('id', ${a}.id, 'at', (extract(epoch FROM ${a}.${at}) * 1000)::float8, 'dayAge', ${a}.day_age,
      ${named}, 'disease', ${a}.disease, 'method', ${a}.method) ORDER BY ${a}.${at} DESC, ${a}.id DESC))[1] AS last
  FROM ${table} ${a} JOIN u ON u.id = ${a}.flock_id
  WHERE (${a}.${at} AT TIME ZONE u.tz)::date BETWEEN $3::date AND $4::date
  GROUP BY ${a}.flock_id
)`;
}

const HEALTH_SQL = `
WITH u AS (SELECT * FROM unnest($1::int[], $2::text[]) AS u(id, tz)),
st AS (
  SELECT s.flock_id,
    SUM(CASE WHEN s.day >= $3::date THEN s.dead ELSE 0 END)::int AS dead,
    SUM(CASE WHEN s.day >= $3::date THEN s.culled ELSE 0 END)::int AS culled,
    SUM(CASE WHEN s.day < $3::date THEN s.transfer_in - s.transfer_out - s.dead - s.culled ELSE 0 END)::int AS before
  FROM flock_stock_days s JOIN u ON u.id = s.flock_id
  WHERE s.day <= $4::date
  GROUP BY s.flock_id
),
${healthEvents('im', 'flock_immunizations', 'i', 'vaccinated_at', "'vaccineBrand', i.vaccine_brand")},
${healthEvents('md', 'flock_medications', 'm', 'medicated_at', "'drugName', m.drug_name")}
SELECT u.id AS "flockId", COALESCE(st.dead, 0) AS dead, COALESCE(st.culled, 0) AS culled, COALESCE(st.before, 0) AS before,
  COALESCE(im.n, 0) AS immunizations, im.last AS "lastImmunization", COALESCE(md.n, 0) AS medications, md.last AS "lastMedication"
FROM u LEFT JOIN st ON st.flock_id = u.id LEFT JOIN im ON im.flock_id = u.id LEFT JOIN md ON md.flock_id = u.id`;

interface HealthFacts {
  flockId: number;
  dead: number;
  culled: number;
  before: number;
  immunizations: number;
  lastImmunization: LastImmunization | string | null;
  medications: number;
  lastMedication: LastMedication | string | null;
}

/** json columns come back parsed from node-postgres and PGlite alike; a text form is parsed here. */
function parsed<T>(v: T | string | null): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export async function health(database: Database, scope: Scope, body: ReportBody): Promise<{ rows: HealthRow[] }> {
  const list = await reportFlocks(database.db, scope, body);
  if (list.length === 0) return { rows: [] };
  const facts = await database.query<HealthFacts>(HEALTH_SQL, [list.map((f) => f.id), list.map((f) => f.timeZone), body.start, body.end]);
  const byId = new Map(facts.map((r) => [r.flockId, r]));
  return {
    rows: list.map((f): HealthRow => {
      const r = byId.get(f.id);
      const dead = r?.dead ?? 0;
      const opening = f.maleCount + f.femaleCount + (r?.before ?? 0);
      return {
        flockId: f.id,
        groupNo: f.groupNo,
        farmId: f.farmId,
        farmName: f.farmName,
        shedId: f.shedId,
        shedName: f.shedName,
        dayAge: daysBetween(f.birthDate, f.lastDay),
        dead,
        culled: r?.culled ?? 0,
        mortalityPer10k: kpi.mortalityPer10k(dead, opening),
        immunizations: r?.immunizations ?? 0,
        medications: r?.medications ?? 0,
        lastImmunization: parsed(r?.lastImmunization ?? null),
        lastMedication: parsed(r?.lastMedication ?? null),
      };
    }),
  };
}
