import { PlayCircleOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { notifySuccess } from '../../app/notifications';
import { queryClient } from '../../app/query-client';
import { i18n } from '../../i18n';
import type { RecordActionSlot, RecordSlotContext, RecordTabSlot, WebDomainModule } from '../slots';
import { loadedAbilities } from '../warehouses/route-abilities';
import { runsKey, SCHEDULER_ROUTE, schedulerApi } from './scheduler-api';

const RunsTab = lazy(async () => ({ default: (await import('./RunsTab')).RunsTab }));

/** The entry the page shows (not new, not deleted). */
const shownEntry = ({ controller }: RecordSlotContext) => {
  const entry = controller.current;
  return entry && !entry.delete.deleted ? entry : null;
};

/** "Esecuzioni": the entry's runs. */
const runsTab: RecordTabSlot = {
  key: 'runs',
  label: { it: 'Esecuzioni', en: 'Runs' },
  visible: (context) => shownEntry(context) !== null,
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <RunsTab schedulerId={controller.current!.id} />
    </Suspense>
  ),
};

/** "Esegui ora": runs the entry's job at once (a disabled entry too), to a user who may write entries. */
const runNowAction: RecordActionSlot = {
  key: 'scheduler-run-now',
  button: (context, t) => {
    const entry = shownEntry(context);
    if (!entry || context.controller.formMode !== 'show' || !loadedAbilities(SCHEDULER_ROUTE).canCreate) return null;
    const run = async () => {
      try {
        await schedulerApi.runNow(entry.id);
        notifySuccess(i18n.t('SCHEDULER.RUN_STARTED'));
      } catch {
        // shown by the client (409 SCHEDULER_RUN_IN_PROGRESS…)
      }
      await queryClient.invalidateQueries({ queryKey: runsKey(entry.id) });
    };
    return { key: 'scheduler-run-now', label: t('SCHEDULER.RUN_NOW'), icon: <PlayCircleOutlined />, onClick: () => void run(), testId: 'scheduler-run-now' };
  },
};

/** Scheduler (issue 20): "Esegui ora" and the runs of an entry; its cron field has the cron helper (features/cron). */
export const scheduler: WebDomainModule = {
  name: 'scheduler',
  routes: { [SCHEDULER_ROUTE]: { tabs: [runsTab], recordActions: [runNowAction] } },
};
