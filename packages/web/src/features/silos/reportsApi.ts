import type { UseQueryResult } from '@tanstack/react-query';
import { siloReportsApi, type SiloReportPeriod, type SiloReportRow } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { fileRequest, type FileRequest } from '../../ui/download';
import { SILO_KEYS } from './api';

/** A report request (server: siloReportQuery). */
export interface SiloReportAsk {
  farmId: number;
  period: SiloReportPeriod;
  year?: number;
  month?: number;
}

export function useSiloReport(q: SiloReportAsk, enabled: boolean): UseQueryResult<SiloReportRow[]> {
  return useSteadyQuery([...SILO_KEYS.all, 'report', q], (signal) => call(siloReportsApi.report, { query: q }, { signal }), { enabled });
}

/** The report as an Excel file (ui/ExportButton). */
export function siloReportExport(q: SiloReportAsk): FileRequest {
  return fileRequest(siloReportsApi.export, { query: q }, `silos-${q.period}.xlsx`);
}
