import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '@/client/store/root.reducer';

/** Runs one saga worker against a real root reducer and records what it dispatched. */
export async function runWorker<Args extends unknown[]>(saga: Saga<Args>, ...args: Args) {
  const dispatched: UnknownAction[] = [];
  let state: RootState = rootReducer(undefined, { type: '@@init' });
  await runSaga(
    {
      dispatch: (action: UnknownAction) => {
        dispatched.push(action);
        state = rootReducer(state, action);
      },
      getState: () => state,
    },
    saga,
    ...args,
  ).toPromise();
  return { dispatched, state };
}
