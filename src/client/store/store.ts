import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { createWrapper, type Context } from 'next-redux-wrapper';
import { rootReducer, type RootState } from './root.reducer';
import { rootSaga } from './root.saga';

export type { RootState } from './root.reducer';

/** One store per server request, one per browser tab (next-redux-wrapper calls this). */
export function makeStore(_context?: Context, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const sagaTask: Task = sagaMiddleware.run(rootSaga);
  return Object.assign(store, { sagaTask });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const wrapper = createWrapper<AppStore>((context) => makeStore(context), { debug: false });
