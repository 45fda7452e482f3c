import { NodeIndexOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import type { ListRecord } from '../../records/list/list-api';
import type { ListActionSlot, ListSlotContext, WebDomainModule } from '../slots';
import { ACCEPTED, PLANNER_REQUEST_ROUTES, toPlanRequest, type PlanRequest } from './plan-request';

// the planner (its pickers, the stop list, the pickup grid) is a chunk of its own, fetched at the first click
const TransportPlanner = lazy(() => import('./TransportPlanner'));

/** The selected rows the planner starts from: the accepted requests among them. */
export const acceptedOf = (rows: readonly ListRecord[]): PlanRequest[] => rows.filter((row) => row.status === ACCEPTED).map(toPlanRequest);

/**
 * "Pianifica trasporto": opens the planner (a full-width drawer) with the selected accepted
 * requests. Shown to whoever may create transports.
 */
export function PlanTransportButton({ route, selected }: { route: string; selected: readonly ListRecord[] }) {
  const { t } = useTranslation();
  const { byRoute } = useReadableRoutes();
  const [opened, setOpened] = useState<{ requests: PlanRequest[]; skipped: number } | null>(null);
  if (byRoute.get('transport')?.canCreate !== true) return null;
  const accepted = acceptedOf(selected);
  const fromList = route !== 'transport';
  const open = () => setOpened(fromList ? { requests: accepted, skipped: selected.length - accepted.length } : { requests: [], skipped: 0 });
  return (
    <>
      <Tooltip title={fromList ? t('TRANSPORT_PLANNER.OPEN_HINT_SELECTED') : t('TRANSPORT_PLANNER.OPEN_HINT')}>
        <Button icon={<NodeIndexOutlined />} onClick={open} data-testid="plan-transport">
          {t('TRANSPORT_PLANNER.OPEN')}
          {fromList && accepted.length > 0 ? ` (${accepted.length})` : ''}
        </Button>
      </Tooltip>
      {opened !== null && (
        <Suspense fallback={<Spin fullscreen />}>
          <TransportPlanner sourceRoute={route} initialRequests={opened.requests} skipped={opened.skipped} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}

const planAction: ListActionSlot = {
  key: 'plan-transport',
  render: ({ target, selected }: ListSlotContext) => <PlanTransportButton route={target.route} selected={selected} />,
};

/** Transports (issue 16): the planning drawer, opened from the transports' list and from the requests' lists. */
export const transports: WebDomainModule = {
  name: 'transports',
  routes: Object.fromEntries(['transport', ...PLANNER_REQUEST_ROUTES].map((route) => [route, { listActions: [planAction] }])),
};
