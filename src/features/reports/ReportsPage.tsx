import { AiExportCard } from './AiExportCard';
import { ReportBuilder } from './ReportBuilder';

/** Reports: the report builder (a PDF made on the server) and the AI export (spreadsheets from a request in plain words). */
export const ReportsPage = (_props: { page: string }) => (
  <div className="dashboard-page stack">
    <ReportBuilder />
    <AiExportCard />
  </div>
);
