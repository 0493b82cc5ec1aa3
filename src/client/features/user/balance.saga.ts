import type { EventChannel } from 'redux-saga';
import { put, select } from 'redux-saga/effects';
import type { BalanceUpdatedPayload } from '@/common/contract/realtime';
import { handleSocketEvents, socketEventChannel, type SocketEvent } from '@/client/lib/socket-events';
import { updateBalance, type UserState } from './user.slice';

export const BALANCE_EVENT = 'balance_updated' as const;

type BalanceEvent = SocketEvent<typeof BALANCE_EVENT, BalanceUpdatedPayload>;

// Queued like the other socket channels: the newest balance must not be dropped while one is applied.
const balanceChannel = (): EventChannel<BalanceEvent> => socketEventChannel<BalanceEvent>([BALANCE_EVENT]);

/**
 * The server pushes the wallet's new balance after every change; it reaches the store through
 * the spec 4 balance action, which adds the difference to what the store holds.
 */
export function* applyBalance(payload: BalanceUpdatedPayload) {
  const current: number = yield select((state: { user: UserState }) => state.user.current.balance);
  const change = Math.round((payload.balance - current) * 100) / 100;
  if (change !== 0) yield put(updateBalance({ token: change }));
}

export function* balanceSaga() {
  yield* handleSocketEvents(balanceChannel, (event: BalanceEvent) => applyBalance(event.payload));
}
