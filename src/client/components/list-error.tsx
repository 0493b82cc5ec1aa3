import dynamic from 'next/dynamic';
import type { ListErrorProps } from './list-error-result';

/**
 * A list that failed to load: the message of spec 8 and a way to try again.
 *
 * antd's Result carries the drawings of its 403, 404 and 500 screens whatever its status (11 kB
 * gzip), and some forty lists that show it only when they fail put it in the first load of their
 * pages (the start page's among them). Its code loads when a list first fails; a list that failed
 * while the page was rendered on the server has it in the page's HTML as usual.
 */
const ListErrorResult = dynamic(() => import('./list-error-result'));

export function ListError(props: ListErrorProps) {
  return <ListErrorResult {...props} />;
}
