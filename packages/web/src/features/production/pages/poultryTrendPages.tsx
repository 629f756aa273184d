import { TrendReport } from '../components/TrendReport';
import { reportPages } from './poultryPages';

/** The flock-trend poultry reports (model/reports.ts, kind 'trend'). */
export const trendPageFor = reportPages('trend', (code, def) => <TrendReport key={code} code={code} def={def} />);
