import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListActionSlot, RecordActionSlot, RouteSlots, WebDomainModule } from '../slots';
import { calendarLink, REQUEST_TYPES } from './calendar-logic';

/** The list toolbar's "Calendario" button: the calendar page showing the route's requests. */
function CalendarButton({ route }: { route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<CalendarOutlined />} title={t('CALENDAR.OPEN_HINT')} onClick={() => navigate(calendarLink(route))} data-testid="list-calendar">
      {t('CALENDAR.OPEN')}
    </Button>
  );
}

const calendarAction: ListActionSlot = { key: 'calendar', render: ({ target }) => <CalendarButton route={target.route} /> };

/** A request's "Calendario": the calendar on the week of its planned day (or its wished start). */
const recordCalendar: RecordActionSlot = {
  key: 'calendar',
  button: ({ target, controller }, t) => {
    const record = controller.current;
    if (!record) return null;
    const day = (record.plannedDate as string | null) ?? (record.wishedFrom as string | null);
    return {
      key: 'calendar',
      label: t('CALENDAR.OPEN'),
      icon: <CalendarOutlined />,
      onClick: () => controller.navigate(calendarLink(target.route, day)),
      testId: 'record-calendar',
    };
  },
};
const slots: RouteSlots = { listActions: [calendarAction], recordActions: [recordCalendar] };

/**
 * The calendar (spec §2): its page is `/calendar` (app/router.tsx, loaded lazily); the lists of
 * the requests (every kind and the kinds' routes) link to it.
 */
export const calendar: WebDomainModule = {
  name: 'calendar',
  routes: Object.fromEntries([...REQUEST_TYPES, 'movement-requests'].map((route) => [route, slots])),
};
