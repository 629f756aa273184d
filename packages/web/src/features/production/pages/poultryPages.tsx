import type { ComponentType, ReactElement } from 'react';
import { reportDef } from '../model/reports';
import { RecordsReport } from '../components/RecordsReport';
import { TableReport } from '../components/TableReport';
import { TrendReport } from '../components/TrendReport';

/**
 * The page of each poultry production report code (SPEC §2 /ci18/{column,grow,feed,drink,egg,
 * immunel,business}/...): its definition (model/reports.ts) rendered by the generic component of
 * its kind. The `key` makes a switch between two reports of the same kind start afresh.
 */
export function ReportPage({ code }: { code: string }): ReactElement {
  const def = reportDef(code);
  if (def.kind === 'trend') return <TrendReport key={code} code={code} def={def} />;
  if (def.kind === 'records') return <RecordsReport key={code} code={code} def={def} />;
  return <TableReport key={code} code={code} def={def} />;
}

const pages = new Map<string, ComponentType>();

/** One stable component per code (the route registry renders it without props). */
export function poultryPageFor(code: string): ComponentType {
  let page = pages.get(code);
  if (!page) {
    page = function PoultryReportPage(): ReactElement {
      return <ReportPage code={code} />;
    };
    pages.set(code, page);
  }
  return page;
}
