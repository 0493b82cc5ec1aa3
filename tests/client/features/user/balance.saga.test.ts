import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore } from '@/client/store/store';
import { balanceReported, refreshBalance, setCurrentUser } from '@/client/features/user/user.slice';
import { BALANCE_EVENT } from '@/client/features/user/balance.saga';
import { api, installMswServer, server } from '../../../support/msw';
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

installMswServer();

let store: AppStore;
const balance = () => store.getState().user.current.balance;
const pushed = (value: number) => handlers.get(BALANCE_EVENT)!({ balance: value });

beforeEach(() => {
  store = makeStore();
  store.dispatch(setCurrentUser(makeUser({ balance: 145.41 })));
});
afterEach(() => store.sagaTask.cancel());

describe('balance_updated', () => {
  it('brings the stored balance to the pushed one through the spec 4 balance action', () => {
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(balance()));
    pushed(35.5);
    expect(balance()).toBe(35.5);
    pushed(0.3);
    expect(balance()).toBe(0.3);
    unsubscribe();
    expect(seen).toEqual([35.5, 0.3]);
  });
});

// The defect of issue 14: a 10-token tip from 145.41 showed 125.41 when the event came first.
describe('a charge answered over HTTP and announced over the socket', () => {
  it('shows the server balance when the socket event lands before the HTTP answer', () => {
    pushed(135.41);
    store.dispatch(balanceReported({ balance: 135.41 }));
    expect(balance()).toBe(135.41);
  });

  it('shows the server balance when the socket event lands after the HTTP answer', () => {
    store.dispatch(balanceReported({ balance: 135.41 }));
    pushed(135.41);
    expect(balance()).toBe(135.41);
  });

  it('adds the difference against the store at the moment it is applied, through updateBalance', () => {
    const actions: string[] = [];
    const unsubscribe = store.subscribe(() => actions.push(String(balance())));
    store.dispatch(balanceReported({ balance: 100.1 }));
    store.dispatch(balanceReported({ balance: 100.1 }));
    unsubscribe();
    // balanceReported itself changes nothing; one updateBalance moves it, the repeat adds nothing.
    expect(actions).toEqual(['145.41', '100.1', '100.1']);
  });
});

describe('refreshBalance (after a top-up, whose answer carries no balance)', () => {
  it('reads GET /users/me and applies it once, whichever of it and the event comes first', async () => {
    server.use(http.get(api('/users/me'), () => HttpResponse.json({ data: { ...makeUser(), balance: 165.41 } })));
    pushed(165.41);
    store.dispatch(refreshBalance());
    await new Promise((done) => setTimeout(done, 50));
    expect(balance()).toBe(165.41);
    pushed(165.41);
    expect(balance()).toBe(165.41);
  });

  it('keeps the balance when the read fails (the event still corrects it)', async () => {
    server.use(http.get(api('/users/me'), () => HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 })));
    store.dispatch(refreshBalance());
    await new Promise((done) => setTimeout(done, 50));
    expect(balance()).toBe(145.41);
  });
});
