import { lazy, Suspense } from 'react';
import type { RecordSectionSlot, WebDomainModule } from '../slots';
import { JOB_ROUTE } from './jobs-api';

// a chunk of its own, fetched when a job is first shown
const JobTotalsSection = lazy(async () => ({ default: (await import('./JobTotalsSection')).JobTotalsSection }));

/** A saved job, shown (not being created): its totals and linked records below the fields. */
const totalsSection: RecordSectionSlot = {
  key: 'job-totals',
  visible: ({ controller }) => controller.current !== null && controller.formMode === 'show' && typeof controller.current.id === 'number',
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <JobTotalsSection jobId={controller.current!.id} />
    </Suspense>
  ),
};

/** Business jobs (commesse, issue 20): the generic record pages, with the job's totals. */
export const jobs: WebDomainModule = { name: 'jobs', routes: { [JOB_ROUTE]: { sections: [totalsSection] } } };
