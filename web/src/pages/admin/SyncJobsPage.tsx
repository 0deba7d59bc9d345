import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import type { TSyncJob } from "@amia/contracts";
import { useRetrySyncJob, useSyncJobs } from "../../api/calendar.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { usePageTitle } from "../usePageTitle.ts";
import {
  OPERATORS_ONLY,
  RETRY_SUCCESS,
  SYNC_JOB_STATES,
  cellText,
  isOperatorsOnly,
  jobRequestPath,
  syncJobStats,
} from "./sync-jobs.ts";
import "./SyncJobsPage.css";

const TITLE = "Calendar sync jobs";

/**
 * Operators' view of the calendar sync queue (our Bull Board): counts per state, the latest
 * failures and a retry. Reached only by its address (/admin/sync-jobs); the API answers 403 to
 * anyone not listed in CALENDAR_ADMIN_USER_IDS.
 */
export function SyncJobsPage() {
  usePageTitle(TITLE);
  const jobs = useSyncJobs();

  let content;
  if (jobs.isPending) {
    content = (
      <div className="sync-jobs-loading">
        <ul className="sync-jobs-counts" aria-hidden="true">
          {SYNC_JOB_STATES.map((state) => (
            <li key={state.key} className="sync-jobs-stat">
              <Skeleton lines={2} />
            </li>
          ))}
        </ul>
        <Skeleton lines={4} />
        <span className="visually-hidden" role="status">
          Loading sync jobs
        </span>
      </div>
    );
  } else if (isOperatorsOnly(jobs.error)) {
    content = <Note kind="warning">{OPERATORS_ONLY}</Note>;
  } else {
    content = (
      <>
        {jobs.isError && (
          <div className="sync-jobs-error">
            <Note kind="error">{errorMessage(jobs.error, DEFAULT_MESSAGES.request)}</Note>
            <Button variant="secondary" onClick={() => void jobs.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {jobs.data && (
          <>
            <dl className="sync-jobs-counts">
              {syncJobStats(jobs.data.counts).map((stat) => (
                <div key={stat.key} className={`sync-jobs-stat sync-jobs-stat--${stat.key}`}>
                  <dt className="sync-jobs-stat__label">{stat.label}</dt>
                  <dd className="sync-jobs-stat__value">{stat.value}</dd>
                </div>
              ))}
            </dl>
            <FailedJobs jobs={jobs.data.failed} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="page sync-jobs-page">
      <h1 className="page__title">{TITLE}</h1>
      {content}
    </div>
  );
}

function FailedJobs({ jobs }: { jobs: TSyncJob[] }) {
  return (
    <Card title="Failed jobs" className="sync-jobs-failed">
      {jobs.length === 0 ? (
        <p className="sync-jobs-empty">No failed jobs</p>
      ) : (
        <div className="sync-jobs-table-wrap" role="region" aria-label="Failed jobs" tabIndex={0}>
          <table className="sync-jobs-table">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Operation</th>
                <th scope="col" className="sync-jobs-table__number">
                  Attempts
                </th>
                <th scope="col">Failed reason</th>
                <th scope="col">Finished at</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <FailedJobRow key={job.id} job={job} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function FailedJobRow({ job }: { job: TSyncJob }) {
  // One mutation per row, so each Retry button shows its own progress.
  const retry = useRetrySyncJob();
  const requestPath = jobRequestPath(job);

  function retryJob() {
    retry.mutate(job.id, {
      onSuccess: () => {
        toast.success(RETRY_SUCCESS);
      },
      onError: (error) => {
        toast.error(errorMessage(error, DEFAULT_MESSAGES.request));
      },
    });
  }

  return (
    <tr>
      <td className="sync-jobs-table__id">
        {requestPath && job.event_request_id ? <Link to={requestPath}>{job.event_request_id}</Link> : cellText(null)}
      </td>
      <td>{cellText(job.operation)}</td>
      <td className="sync-jobs-table__number">{job.attempts_made}</td>
      <td className="sync-jobs-table__reason">{cellText(job.failed_reason)}</td>
      <td>{cellText(formatDateTime(job.finished_at))}</td>
      <td className="sync-jobs-table__action">
        <Button variant="secondary" size="small" loading={retry.isPending} onClick={retryJob}>
          Retry<span className="visually-hidden"> job {job.id}</span>
        </Button>
      </td>
    </tr>
  );
}

export default SyncJobsPage;
