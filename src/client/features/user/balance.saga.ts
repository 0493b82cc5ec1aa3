import { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import type { BalanceUpdatedPayload } from '@/common/contract/realtime';
import { socketService } from '@/client/lib/socket';
import { updateBalance, type UserState } from './user.slice';

export const BALANCE_EVENT = 'balance_updated';

function balanceChannel(): EventChannel<BalanceUpdatedPayload> {
  return eventChannel((emit) => {
    const handler = (payload: BalanceUpdatedPayload) => emit(payload);
    socketService.on(BALANCE_EVENT, handler);
    return () => socketService.off(BALANCE_EVENT, handler);
  });
}

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
  if (typeof window === 'undefined') return;
  const channel: EventChannel<BalanceUpdatedPayload> = yield call(balanceChannel);
  try {
    for (;;) {
      const payload: BalanceUpdatedPayload = yield take(channel);
      yield call(applyBalance, payload);
    }
  } finally {
    channel.close();
  }
}
