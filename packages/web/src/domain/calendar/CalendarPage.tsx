import { isExternal } from '@circula/model';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { http } from '../../api/client';
import { useCurrentUser } from '../../app/auth/useAuth';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { notifySuccess, notifyWarning } from '../../app/notifications';
import { AreaForbidden } from '../../records/AreaResults';
import {
  CALENDAR_TYPES,
  COLOR_STYLE,
  displayDay,
  eventsQuery,
  filtersToParams,
  localDay,
  parseFilters,
  planOnDay,
  recordPath,
  statusOptions,
  typeLabel,
  type CalendarEvent,
  type CalendarFilters,
  type CalendarType,
  type EventColor,
  type PlanningApi,
} from './calendar-logic';

// FullCalendar is a chunk of its own, fetched when the calendar is first shown
const CalendarView = lazy(() => import('./CalendarView'));

const COLORS: EventColor[] = ['red', 'yellow', 'green', 'grey'];

const planningApi: PlanningApi = {
  get: (url) => http.data(url),
  // a refusal (DATE_IN_PAST, a stale version, no right) is shown by the client's error notification, translated
  put: (url, body) => http.data(url, { method: 'PUT', json: body }),
};

/**
 * `/calendar` (spec §2 "Calendar"): the requests and field activities of the visible weeks,
 * coloured by state (spec §9), filtered by type, status and area (kept in the URL); a click opens
 * the record, dragging an accepted or planned request to another day plans it.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const readable = useReadableRoutes();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams), [searchParams]);
  // `?date=YYYY-MM-DD` opens on that day's week (a request's "show in the calendar")
  const requestedDate = searchParams.get('date');
  const initialDate = requestedDate && /^\d{4}-\d{2}-\d{2}$/.test(requestedDate) ? requestedDate : undefined;
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  // FullCalendar reports its range again after some re-renders: the same days keep the same state
  const onRange = useCallback(
    (next: { start: Date; end: Date }) =>
      setRange((previous) => (previous && localDay(previous.start) === localDay(next.start) && localDay(previous.end) === localDay(next.end) ? previous : next)),
    [],
  );

  const types = useMemo(() => CALENDAR_TYPES.filter((type) => readable.routes.has(type)), [readable.routes]);
  const mayPlan = useCallback(
    (route: string) => user !== null && !isExternal(user) && readable.byRoute.get(route)?.canWrite === true,
    [user, readable.byRoute],
  );

  const query = range ? eventsQuery(range, filters) : null;
  const events = useQuery({
    queryKey: ['calendar-events', query],
    queryFn: () => http.data<{ items: CalendarEvent[] }>('/api/calendar/events', { query: query! }),
    enabled: query !== null && types.length > 0,
    placeholderData: keepPreviousData,
  });
  const areas = useQuery({
    queryKey: ['calendar-areas'],
    queryFn: () => http.data<{ items: { id: number; name: string }[] }>('/api/areas/area', { query: { size: 1000, sort: 'name,asc' }, silent: true }),
    enabled: readable.routes.has('area'),
    staleTime: 5 * 60_000,
  });

  const setFilters = (next: CalendarFilters) => setSearchParams(filtersToParams(next), { replace: true });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['calendar-events'] }), [queryClient]);

  const onDrop = useCallback(
    async (event: CalendarEvent, day: string): Promise<boolean> => {
      let outcome;
      try {
        outcome = await planOnDay(planningApi, event, day, localDay(new Date()));
      } catch {
        // the http client has shown the server's error; the drop is put back
        return false;
      }
      if (outcome.planned) {
        notifySuccess(t('CALENDAR.PLANNED', { title: event.title, date: displayDay(outcome.day) }));
      } else {
        notifyWarning(t('CALENDAR.NOT_PLANNED'), t(`CALENDAR.REFUSAL.${outcome.reason}`));
      }
      void refresh();
      return outcome.planned;
    },
    [refresh, t],
  );

  if (readable.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (types.length === 0) return <AreaForbidden />;

  const typeOptions = types.map((type) => ({ value: type, label: typeLabel(type, language) }));
  const selectedTypes = filters.types.filter((type) => types.includes(type));

  return (
    <div data-testid="calendar-page" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('CALENDAR.TITLE')}
      </Typography.Title>
      <Space wrap>
        <Select<CalendarType[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          aria-label={t('CALENDAR.FILTERS.TYPES')}
          placeholder={t('CALENDAR.FILTERS.ALL_TYPES')}
          options={typeOptions}
          value={selectedTypes}
          onChange={(value) => setFilters({ ...filters, types: value })}
          data-testid="calendar-filter-types"
        />
        <Select<string[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          aria-label={t('CALENDAR.FILTERS.STATUSES')}
          placeholder={t('CALENDAR.FILTERS.ALL_STATUSES')}
          options={statusOptions(selectedTypes.length ? selectedTypes : types, language)}
          value={filters.statuses}
          onChange={(value) => setFilters({ ...filters, statuses: value })}
          data-testid="calendar-filter-statuses"
        />
        {readable.routes.has('area') && (
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            aria-label={t('CALENDAR.FILTERS.AREA')}
            placeholder={t('CALENDAR.FILTERS.ALL_AREAS')}
            loading={areas.isPending}
            options={(areas.data?.items ?? []).map((area) => ({ value: area.id, label: area.name }))}
            value={filters.areaId ?? undefined}
            onChange={(value) => setFilters({ ...filters, areaId: value ?? null })}
            data-testid="calendar-filter-area"
          />
        )}
        {events.isFetching && <Spin size="small" />}
      </Space>
      <Space wrap size={4} aria-label={t('CALENDAR.LEGEND.TITLE')} data-testid="calendar-legend">
        {COLORS.map((color) => (
          <Tag key={color} color={COLOR_STYLE[color].background} style={{ color: COLOR_STYLE[color].text }}>
            {t(`CALENDAR.LEGEND.${color}`)}
          </Tag>
        ))}
        <Typography.Text type="secondary">{t('CALENDAR.DRAG_HINT')}</Typography.Text>
      </Space>
      {events.isError && (
        <Alert
          type="error"
          showIcon
          title={t('CALENDAR.LOAD_ERROR')}
          action={
            <Button size="small" onClick={() => void events.refetch()}>
              {t('CALENDAR.RETRY')}
            </Button>
          }
        />
      )}
      <Suspense fallback={<Spin description={t('CALENDAR.LOADING')} style={{ display: 'block', margin: '64px auto' }} />}>
        <CalendarView
          initialDate={initialDate}
          events={events.data?.items ?? []}
          language={language}
          mayPlan={mayPlan}
          onRange={onRange}
          onOpen={(event) => navigate(recordPath(event))}
          onDrop={onDrop}
        />
      </Suspense>
    </div>
  );
}
