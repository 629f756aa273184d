import type { ComponentType, ReactElement } from 'react';
import { reportDef, type ReportDef } from '../model/reports';
import type { ReportKind } from '../model/reportKinds';

type DefOf<K extends ReportKind> = Extract<ReportDef, { kind: K }>;

/**
 * The pages of the poultry production report codes of one kind (SPEC §2 /ci18/{column,grow,feed,
 * drink,egg,immunel,business}/...): each code's definition (model/reports.ts) rendered by the
 * generic component of its kind. One module per kind (poultryTablePages, poultryTrendPages,
 * poultryRecordsPages), so a report's route loads only its kind's component. The route registry
 * renders a page without props: one stable component per code. The `key` makes a switch between
 * two reports of the same kind start afresh.
 */
export function reportPages<K extends ReportKind>(
  kind: K,
  render: (code: string, def: DefOf<K>) => ReactElement,
): (code: string) => ComponentType {
  const pages = new Map<string, ComponentType>();
  const isKind = (def: ReportDef): def is DefOf<K> => def.kind === kind;
  return (code) => {
    let page = pages.get(code);
    if (!page) {
      const def = reportDef(code);
      if (!isKind(def)) throw new Error(`poultry report ${code} is a ${def.kind}, not a ${kind}`);
      page = function PoultryReportPage(): ReactElement {
        return render(code, def);
      };
      pages.set(code, page);
    }
    return page;
  };
}
