/** The tabs of the profile page, in order; `privacy` is filled by the privacy feature. */
export const PROFILE_TABS = ['data', 'language', 'password', 'sessions', 'privacy'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The user preference holding the tab the profile opens on (spec §3 "profile default tab"). */
export const PROFILE_TAB_PREFERENCE = 'profileDefaultTab';

/** A stored or chosen value as a tab; anything unknown opens the personal data. */
export function profileTab(value: unknown): ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value) ? (value as ProfileTab) : 'data';
}
