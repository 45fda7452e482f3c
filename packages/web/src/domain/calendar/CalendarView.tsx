import type { DatesSetArg, EventClickArg, EventDropArg, LocaleInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import ruLocale from '@fullcalendar/core/locales/ru';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo, useRef } from 'react';
import { calendarLocale, defaultView, localDay, NARROW_WIDTH, toEventInput, type CalendarEvent } from './calendar-logic';

/**
 * The FullCalendar view of the calendar page, in a chunk of its own (CalendarPage loads it
 * lazily, and the build keeps @fullcalendar out of the start-up vendor chunk). It shows what it is
 * given and reports the visible range, clicks and drops; the page fetches and plans.
 */
export interface CalendarViewProps {
  /** The day whose week (or month) opens first, YYYY-MM-DD; today when absent. */
  initialDate?: string;
  events: readonly CalendarEvent[];
  language: string;
  /** Whether the user may plan requests of a route (drag-and-drop). */
  mayPlan: (route: string) => boolean;
  onRange: (range: { start: Date; end: Date }) => void;
  onOpen: (event: CalendarEvent) => void;
  /** A plannable request dropped on a day; resolves true when planned, false to put it back. */
  onDrop: (event: CalendarEvent, day: string) => Promise<boolean>;
}

const LOCALES: LocaleInput[] = [itLocale, esLocale, deLocale, ruLocale, frLocale, enGbLocale];
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const DAY_NUMERIC = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

export default function CalendarView({ initialDate, events, language, mayPlan, onRange, onOpen, onDrop }: CalendarViewProps) {
  const inputs = useMemo(() => events.map((event) => toEventInput(event, mayPlan)), [events, mayPlan]);
  const narrow = useRef(window.innerWidth < NARROW_WIDTH);

  return (
    <FullCalendar
      plugins={PLUGINS}
      locales={LOCALES}
      locale={calendarLocale(language)}
      initialView={defaultView(window.innerWidth)}
      {...(initialDate ? { initialDate } : {})}
      firstDay={1}
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' }}
      // dates as dd/mm/yyyy (spec §9), times hh:mm
      titleFormat={DAY_NUMERIC}
      titleRangeSeparator=" – "
      dayHeaderFormat={{ weekday: 'short', day: '2-digit', month: '2-digit' }}
      listDayFormat={{ weekday: 'long' }}
      listDaySideFormat={DAY_NUMERIC}
      eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      slotMinTime="06:00:00"
      slotMaxTime="21:00:00"
      height="auto"
      nowIndicator
      // only the events made startEditable (accepted or planned requests) move; none is resized
      editable={false}
      eventDurationEditable={false}
      events={inputs}
      datesSet={(arg: DatesSetArg) => onRange({ start: arg.start, end: arg.end })}
      eventClick={(arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        onOpen(arg.event.extendedProps.event as CalendarEvent);
      }}
      eventDrop={(arg: EventDropArg) => {
        const start = arg.event.start;
        if (!start) {
          arg.revert();
          return;
        }
        void onDrop(arg.oldEvent.extendedProps.event as CalendarEvent, localDay(start)).then(
          (planned) => {
            if (!planned) arg.revert();
          },
          () => arg.revert(),
        );
      }}
      // spec §2: the weekly list under 768 px, the weekly time grid above, when the width crosses the line
      windowResize={(arg) => {
        const now = window.innerWidth < NARROW_WIDTH;
        if (now === narrow.current) return;
        narrow.current = now;
        const view = arg.view.calendar;
        if (now && arg.view.type === 'timeGridWeek') view.changeView('listWeek');
        if (!now && arg.view.type === 'listWeek') view.changeView('timeGridWeek');
      }}
    />
  );
}
