import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { BalanceUpdatedPayload } from '@/common/contract/realtime';
import { fromCents, toCents } from '@/common/lib/money';
import { handleSocketEvents, socketEventChannel, type SocketEvent } from '@/client/lib/socket-events';
import * as userApi from './user.api';
import { balanceReported, refreshBalance, updateBalance, type UserState } from './user.slice';

export const BALANCE_EVENT = 'balance_updated' as const;

type BalanceEvent = SocketEvent<typeof BALANCE_EVENT, BalanceUpdatedPayload>;

// Queued like the other socket channels: the newest balance must not be dropped while one is applied.
const balanceChannel = (): EventChannel<BalanceEvent> => socketEventChannel<BalanceEvent>([BALANCE_EVENT]);

/**
 * Every absolute balance the client learns from the server (the `balance_updated` event, a
 * charge's answer, a fresh read) ends here: the spec 4 balance action adds the difference to
 * what the store holds now. The difference is taken here, when it is applied, because the
 * event and the HTTP answer of the same payment arrive in either order: a difference taken
 * from a balance a component read earlier counts the payment twice.
 */
export function* applyBalance(payload: { balance: number }) {
  const current: number = yield select((state: { user: UserState }) => state.user.current.balance);
  const change = toCents(payload.balance) - toCents(current);
  if (change !== 0) yield put(updateBalance({ token: fromCents(change) }));
}

export function* refreshBalanceFlow() {
  try {
    const res: SagaReturnType<typeof userApi.me> = yield call(userApi.me);
    yield call(applyBalance, { balance: res.data.balance });
  } catch {
    // The balance_updated event still brings the store to the server's balance.
  }
}

export function* balanceSaga() {
  yield takeEvery(balanceReported.type, (action: PayloadAction<{ balance: number }>) => applyBalance(action.payload));
  yield takeLatest(refreshBalance.type, refreshBalanceFlow);
  yield fork(function* socketEvents() {
    yield* handleSocketEvents(balanceChannel, (event: BalanceEvent) => applyBalance(event.payload));
  });
}
