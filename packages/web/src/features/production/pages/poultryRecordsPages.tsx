import { RecordsReport } from '../components/RecordsReport';
import { reportPages } from './poultryPages';

/** The immunisation and medication record reports (model/reports.ts, kind 'records'). */
export const recordsPageFor = reportPages('records', (code, def) => <RecordsReport key={code} code={code} def={def} />);
