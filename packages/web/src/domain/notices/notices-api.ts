import { http } from '../../api/client';

/** One of the signed-in user's notices, as `GET /api/notices` answers it. */
export interface Notice {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  /** The web route of the record it is about (`rdr`, `movement-requests`…) and its id. */
  route: string | null;
  recordId: number | null;
  createdAt: string;
  readAt: string | null;
}

export interface NoticePage {
  items: Notice[];
  total: number;
  page: number;
  size: number;
  /** How many of the user's notices are unread (all of them, not only this page's). */
  unread: number;
}

/** How many notices the bell lists. */
export const LATEST_NOTICES = 10;
/** How often the bell asks for new notices. */
export const NOTICE_POLL_MS = 60_000;

export const noticesKey = (userId: number | undefined) => ['notices', userId] as const;

/** The page of a notice's record, when it has one. */
export const noticePath = (notice: Pick<Notice, 'route' | 'recordId'>): string | null =>
  notice.route && notice.recordId != null ? `/${notice.route}/${notice.recordId}` : null;

/** Which notices the notices page lists. */
export type NoticeFilter = 'all' | 'unread' | 'read';

/** The notices page's query key: under `['notices']`, so marking one read refreshes the bell too. */
export const noticesPageKey = (userId: number | undefined, filter: NoticeFilter, page: number, size: number) => ['notices', userId, 'page', filter, page, size] as const;

// polling in the background: a failure is not worth a notification every minute
export const noticesApi = {
  latest: (size = LATEST_NOTICES) => http.data<NoticePage>('/api/notices', { query: { size }, silent: true }),
  markRead: (id: number) => http.data<Notice>(`/api/notices/${id}/read`, { method: 'PUT', silent: true }),
  /** A page of the notices page (`unread=true` / `read=true` filter them). */
  page: (filter: NoticeFilter, page: number, size: number, signal?: AbortSignal) =>
    http.data<NoticePage>('/api/notices', { query: { page, size, ...(filter === 'all' ? {} : { [filter]: true }) }, ...(signal ? { signal } : {}) }),
  markAllRead: () => http.data<{ marked: number; unread: number }>('/api/notices/read-all', { method: 'PUT' }),
};
