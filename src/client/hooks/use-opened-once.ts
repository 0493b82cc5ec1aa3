import { useState } from 'react';

/**
 * True from the first render in which `open` is true. A dialog whose code loads on first use
 * (next/dynamic) mounts then and stays mounted, so it can animate closed and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state set during render (React's documented pattern): no extra commit with it still false.
  if (open && !opened) setOpened(true);
  return opened || open;
}
