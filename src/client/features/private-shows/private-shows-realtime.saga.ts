import type { EventChannel } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { mutate } from 'swr';
import { handleSocketEvents, socketEventChannel } from '@/client/lib/socket-events';
import { toast } from '@/client/lib/toast';
import type { PrivateShowUpdatedPayload, ServerToClientEvents } from '@/common/contract/realtime';
import type { PrivateShowRequest } from '@/common/contract/private-shows';
import type { RootState } from '@/client/store/root.reducer';
import { setActiveConversation } from '@/client/features/messages/conversation.slice';
import { accessPrivateRequest, addPrivateRequest } from './private-request.slice';

export const PRIVATE_SHOW_UPDATED = 'private_show_updated' satisfies keyof ServerToClientEvents;

type PrivateShowSocketEvent = { type: typeof PRIVATE_SHOW_UPDATED; payload: PrivateShowUpdatedPayload };

export const privateShowsChannel = (): EventChannel<PrivateShowSocketEvent> => socketEventChannel<PrivateShowSocketEvent>([PRIVATE_SHOW_UPDATED]);

/** What the fan is told when the creator (or the show) moves their request on. */
export function fanNotice(request: PrivateShowRequest): { kind: 'success' | 'error'; text: string } | null {
  const who = request.performer.name || request.performer.username || 'The creator';
  switch (request.status) {
    case 'accepted':
      return { kind: 'success', text: `${who} accepted your private show: join it now` };
    case 'declined':
      return { kind: 'error', text: `${who} declined your private show request` };
    case 'refunded':
      return { kind: 'success', text: 'Your private show did not start: its price is back in your wallet' };
    default:
      return null;
  }
}

/** SWR keys of private show data and of creators' running streams (a show opened or closed). */
export const isPrivateShowKey = (key: unknown): boolean => {
  const url = Array.isArray(key) ? key[0] : key;
  return typeof url === 'string' && (url.startsWith('/private-shows') || url.startsWith('/streaming/join/'));
};

/**
 * A request made or changed. The creator's new requests go into the spec's list (`addPrivateRequest`);
 * one that is no longer pending (decided, cancelled by the fan) counts as accessed. The fan hears
 * the decision. Both sides' lists and buttons revalidate.
 */
export function* handlePrivateShowEvent(event: PrivateShowSocketEvent) {
  const { request } = event.payload;
  const me: string = yield select((s: RootState) => s.user.current._id);
  if (request.performerId === me) {
    if (request.status === 'pending') {
      yield put(addPrivateRequest(request));
      yield call(toast.success, `${request.fan.name || request.fan.username || 'A fan'} asks for a private show`);
    } else {
      yield put(accessPrivateRequest(request.conversationId));
    }
  } else if (request.fanId === me) {
    const notice = fanNotice(request);
    if (notice) yield call(toast[notice.kind], notice.text);
  }
  yield call(mutate, isPrivateShowKey);
}

/** The creator opened a conversation: its waiting requests are accessed (spec 4). */
function* accessOnOpen(action: ReturnType<typeof setActiveConversation>) {
  yield put(accessPrivateRequest(action.payload._id));
}

export function* privateShowsRealtimeSaga() {
  yield takeEvery(setActiveConversation.type, accessOnOpen);
  yield* handleSocketEvents(privateShowsChannel, handlePrivateShowEvent);
}
