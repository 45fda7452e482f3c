import { useCallback, useEffect, useRef, useState } from 'react';

/** spec §9: after a save the Save button stays disabled for 2000 ms. */
export const SAVE_LOCK_MS = 2000;

/** `locked` turns true when `lock()` is called and false again `ms` later. */
export function useSaveLock(ms = SAVE_LOCK_MS): { locked: boolean; lock: () => void } {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lock = useCallback(() => {
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { locked, lock };
}
