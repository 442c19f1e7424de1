// The calendar of past dailies and the progress picture: two panels the
// page opens from a small bar under the board. A playable day starts (or
// gives back) that day's daily and the page reloads on its token, the
// way a link's token is loaded.

import type { Api } from "./api";
import { ApiError } from "./api";
import type { Calendar, CalendarDay, DayState, WordID } from "./contract.gen";
import { setText, t } from "./words";

const stateWord: Record<DayState, WordID> = {
  solved: "WebDaySolved",
  late: "WebDayLate",
  gave_up: "WebDayGaveUp",
  open: "WebDayOpen",
  missed: "WebDayMissed",
  today: "WebDayToday",
  future: "WebDayFuture",
};

/** A panel over the page, closed by its button, Escape or a tap outside. */
function panel(title: string): { box: HTMLElement; body: HTMLElement; close: () => void } {
  const back = document.createElement("div");
  back.className = "panel-back";
  const box = document.createElement("section");
  box.className = "panel";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-label", title);
  const head = document.createElement("h2");
  head.textContent = title;
  const shut = document.createElement("button");
  shut.type = "button";
  shut.className = "panel-close";
  shut.textContent = "✕";
  shut.setAttribute("aria-label", t("WebClose"));
  const body = document.createElement("div");
  box.append(shut, head, body);
  back.append(box);
  const before = document.activeElement as HTMLElement | null;
  const close = (): void => {
    back.remove();
    document.removeEventListener("keydown", onKey);
    before?.focus();
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === "Escape") close();
  };
  shut.addEventListener("click", close);
  back.addEventListener("click", (e) => e.target === back && close());
  document.addEventListener("keydown", onKey);
  document.body.append(back);
  shut.focus();
  return { box, body, close };
}

/** dayLabel is a date as the player's language writes it. */
function dayLabel(day: string, lang: string): string {
  const d = new Date(day + "T12:00:00Z");
  return new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(d);
}

function monthLabel(month: string, lang: string): string {
  const d = new Date(month + "-15T12:00:00Z");
  return new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(d);
}

/** Weekday initials, Monday first, in the player's language. */
function weekdays(lang: string): string[] {
  const f = new Intl.DateTimeFormat(lang, { weekday: "narrow", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
}

/** openCalendar shows a month of the player's dailies; play opens one. */
export async function openCalendar(api: Api, lang: string, play: (token: string) => void): Promise<void> {
  const p = panel(t("WebCalendar"));
  p.box.classList.add("calendar");
  const show = async (month?: string): Promise<void> => {
    p.body.setAttribute("aria-busy", "true");
    let c: Calendar;
    try {
      c = await api.calendar(month);
    } catch (e) {
      const err = document.createElement("p");
      err.setAttribute("role", "alert");
      setText(err, e instanceof ApiError ? e.message : t("WebOffline"));
      p.body.replaceChildren(err);
      return;
    }
    p.body.removeAttribute("aria-busy");
    p.body.replaceChildren(monthView(c, lang, show, async (d) => {
      try {
        const started = await api.daily(d.day);
        play(started.token);
      } catch (e) {
        const err = document.createElement("p");
        err.setAttribute("role", "alert");
        setText(err, e instanceof ApiError ? e.message : t("WebOffline"));
        p.body.append(err);
      }
    }));
  };
  await show();
}

function monthView(c: Calendar, lang: string, show: (month: string) => void, open: (d: CalendarDay) => void): HTMLElement {
  const wrap = document.createElement("div");
  const nav = document.createElement("div");
  nav.className = "cal-nav";
  const arrow = (label: string, text: string, month?: string): HTMLButtonElement => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.disabled = !month;
    if (month) b.addEventListener("click", () => show(month));
    return b;
  };
  const title = document.createElement("h3");
  title.textContent = monthLabel(c.month, lang);
  title.setAttribute("aria-live", "polite");
  nav.append(arrow(t("WebCalendarPrev"), "‹", c.prev), title, arrow(t("WebCalendarNext"), "›", c.next));

  const grid = document.createElement("div");
  grid.className = "cal-grid";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", monthLabel(c.month, lang));
  for (const w of weekdays(lang)) {
    const h = document.createElement("span");
    h.className = "cal-wd";
    h.textContent = w;
    h.setAttribute("aria-hidden", "true");
    grid.append(h);
  }
  const days = c.days ?? [];
  const firstDay = days.length ? new Date(days[0].day + "T12:00:00Z").getUTCDay() : 1;
  for (let i = 0; i < (firstDay + 6) % 7; i++) grid.append(document.createElement("span"));
  for (const d of days) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cal-day";
    b.dataset.state = d.state;
    b.dataset.day = d.day;
    b.textContent = String(Number(d.day.slice(8)));
    b.setAttribute("aria-label", t("WebDay", { Day: dayLabel(d.day, lang), State: t(stateWord[d.state]) }));
    b.disabled = !d.playable;
    if (d.state === "today") b.setAttribute("aria-current", "date");
    if (d.playable) b.addEventListener("click", () => open(d));
    grid.append(b);
  }
  const note = document.createElement("p");
  note.className = "cal-note";
  note.textContent = t("WebCalendarLate");
  wrap.append(nav, grid, note);
  return wrap;
}

/** openProgress shows the player's progress picture, described in words. */
export async function openProgress(api: Api): Promise<void> {
  const p = panel(t("WebProgress"));
  p.box.classList.add("progress");
  const img = document.createElement("img");
  img.alt = t("WebProgressAlt");
  img.width = 800;
  img.height = 960;
  p.body.append(img);
  try {
    // The picture in the page's own colours.
    const light = window.matchMedia?.("(prefers-color-scheme: light)").matches;
    img.src = await api.picture("progress", { theme: light ? "light" : "dark" });
  } catch (e) {
    const err = document.createElement("p");
    err.setAttribute("role", "alert");
    setText(err, e instanceof ApiError ? e.message : t("WebOffline"));
    p.body.replaceChildren(err);
  }
}
