import { makeStore, type AppStore } from '@/client/store/store';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { BALANCE_EVENT } from '@/client/features/user/balance.saga';
import { makeUser } from '../../fixtures';

const handlers = new Map<string, (payload: unknown) => void>();
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    connect: jest.fn(),
    disconnect: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => handlers.set(event, handler)),
    off: jest.fn((event: string) => handlers.delete(event)),
  },
}));

let store: AppStore;
beforeEach(() => {
  store = makeStore();
  store.dispatch(setCurrentUser(makeUser({ balance: 10 })));
});
afterEach(() => store.sagaTask.cancel());

describe('balance_updated', () => {
  it('brings the stored balance to the pushed one through the spec 4 balance action', () => {
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().user.current.balance));
    handlers.get(BALANCE_EVENT)!({ balance: 35.5 });
    expect(store.getState().user.current.balance).toBe(35.5);
    handlers.get(BALANCE_EVENT)!({ balance: 0.3 });
    expect(store.getState().user.current.balance).toBe(0.3);
    unsubscribe();
    expect(seen).toEqual([35.5, 0.3]);
  });
});
