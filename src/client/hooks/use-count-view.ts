import { useEffect, useRef } from 'react';

/**
 * Counts one view per opened page of an item (a video, a creator's profile): calls `count` once
 * for each new id. The server keeps one view per viewer per hour; a failure only loses a view.
 */
export function useCountView(id: string | undefined, count: (id: string) => Promise<unknown>) {
  const counted = useRef<string | null>(null);
  const countRef = useRef(count);
  countRef.current = count;
  useEffect(() => {
    if (!id || counted.current === id) return;
    counted.current = id;
    countRef.current(id).catch(() => undefined);
  }, [id]);
}
