import { AiExportCard } from './AiExportCard';

/** Reports: the AI export, a request in plain words turned into the dashboards' spreadsheets. */
export const ReportsPage = (_props: { page: string }) => (
  <div className="dashboard-page">
    <AiExportCard />
  </div>
);
