import { useEffect, useRef, type RefObject } from "react";

/**
 * The scroll box of a conversation, following it: when its newest message changes (sent or
 * received), the box goes to the bottom. Older pages loaded above leave the newest one as it is,
 * so they do not make it jump.
 */
export function useFollowNewest<T extends HTMLElement>(newestId: string | null): RefObject<T | null> {
  const box = useRef<T>(null);
  useEffect(() => {
    const el = box.current;
    if (el && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);
  return box;
}
