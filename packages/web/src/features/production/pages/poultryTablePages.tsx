import { TableReport } from '../components/TableReport';
import { reportPages } from './poultryPages';

/** The summary-table poultry reports (model/reports.ts, kind 'table'). */
export const tablePageFor = reportPages('table', (code, def) => <TableReport key={code} code={code} def={def} />);
