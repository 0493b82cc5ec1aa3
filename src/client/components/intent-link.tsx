import type { ComponentProps } from 'react';
import Link from 'next/link';

/**
 * Next's Link, prefetching the page it leads to when the pointer or a finger reaches it rather
 * than as soon as it is on screen. A visible Link makes Next fetch and then run the code of its
 * page in an idle moment (the route loader's `loadRoute` after the prefetch): the start page, drawn
 * without antd, showed links to a dozen pages drawn with it and ran some 300 kB of their script
 * (gzip) on a phone that might follow none of them (README, Web performance). Used for the links
 * of the header, the footer, the start page and the creator cards.
 */
export function IntentLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
