"use client";

import FullCalendar, { useCalendarController, type EventInput, type EventSourceFuncInfo } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import listPlugin from "@fullcalendar/react/list";
import monarchTheme from "@fullcalendar/react/themes/monarch";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/monarch/theme.css";
import dynamic from "next/dynamic";
import Link from "@/components/navigation/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import {
  CALENDAR_VIEWS,
  toEventInput,
  viewNameOf,
  type CalendarViewName,
} from "@/components/calendar/calendar-entries";
import styles from "@/components/calendar/calendar.module.css";
import { CalendarToolbar } from "@/components/calendar/calendar-toolbar";
import { dateInZone } from "@/components/calendar/occurrence-time";
import type { CalendarItemJson } from "@/components/calendar/types";
import { Alert } from "@/components/ui/alert";
import { LinearProgress } from "@/components/ui/linear-progress";
import { apiGet } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** An occurrence's dialog draws with MUI: it and MUI are loaded when an entry is opened, not with the page. */
const OccurrenceDialog = dynamic(
  () => import("@/components/calendar/themed-occurrence-dialog").then((m) => m.ThemedOccurrenceDialog),
  { ssr: false },
);

/**
 * Month, week and agenda views of GET /api/calendar in the viewer's zone (FullCalendar, themed from the theme's variables),
 * the view and date kept in the address. Rendered in the browser only: the zone may be the browser's.
 */
export function CalendarView({ timeZone, zoneIsOwnSetting }: { timeZone: string; zoneIsOwnSetting: boolean }) {
  const params = useSearchParams();
  const [view, setView] = useState<CalendarViewName>(viewNameOf(params.get("view")));
  const initialDate = DATE_PARAM.test(params.get("date") ?? "") ? params.get("date")! : undefined;
  const controller = useCalendarController();
  const [title, setTitle] = useState("");
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<CalendarItemJson | null>(null);

  const fetchEntries = useCallback(async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
    try {
      const data = await apiGet<{ items: CalendarItemJson[] }>(
        `/api/calendar?${new URLSearchParams({ from: info.startStr, to: info.endStr })}`,
      );
      setError(null);
      return data.items.map(toEventInput);
    } catch (e) {
      setError(failureMessage(e, "Failed to load the calendar"));
      return [];
    }
  }, []);

  const changeView = (next: CalendarViewName) => {
    setView(next);
    controller.changeView(CALENDAR_VIEWS[next]);
  };

  return (
    <div>
      <CalendarToolbar
        title={title}
        view={view}
        onPrevious={() => controller.prev()}
        onToday={() => controller.today()}
        onNext={() => controller.next()}
        onView={changeView}
      />
      <div className={styles.progress}>{loading && <LinearProgress label="Loading the calendar" />}</div>
      {error && (
        <div className={styles.notice}>
          <Alert severity="error">{error}</Alert>
        </div>
      )}
      <div className={styles.calendar}>
        <FullCalendar
          controller={controller}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, monarchTheme]}
          initialView={CALENDAR_VIEWS[view]}
          initialDate={initialDate}
          timeZone={timeZone}
          headerToolbar={false}
          height={view === "week" ? 720 : "auto"}
          scrollTime="08:00:00"
          dayMaxEvents
          nowIndicator
          events={fetchEntries}
          loading={setLoading}
          noEventsText="Nothing on the calendar in this period"
          datesSet={(info) => {
            setTitle(info.view.title);
            const name =
              (Object.keys(CALENDAR_VIEWS) as CalendarViewName[]).find(
                (key) => CALENDAR_VIEWS[key] === info.view.type,
              ) ?? "month";
            const search = new URLSearchParams({ view: name, date: dateInZone(info.view.currentStart, timeZone) });
            window.history.replaceState(null, "", `?${search}`);
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            setSelected(info.event.extendedProps.item as CalendarItemJson);
          }}
        />
      </div>
      <p className={styles.zoneNote}>
        Times in {timeZone}
        {zoneIsOwnSetting ? " (your profile's setting)" : " (this browser's zone)"}.{" "}
        <Link href="/profile#time-zone" className={styles.link}>
          Change it in your profile
        </Link>
        .
      </p>
      {selected && <OccurrenceDialog item={selected} timeZone={timeZone} onClose={() => setSelected(null)} />}
    </div>
  );
}
