import { EventEmitter } from 'events';
import { createSocketService, SOCKET_OPTIONS, type IoFactory, type SocketStatus } from '@/client/lib/socket';

/** A socket.io client double: the socket and its Manager (`io`) are plain event emitters. */
class FakeSocket extends EventEmitter {
  io = new EventEmitter();
  emitted: [string, unknown][] = [];
  disconnected = false;
  constructor(readonly url: string, readonly options: Record<string, unknown>) {
    super();
  }
  // Outgoing emits are recorded; server events are simulated with `fire`.
  emit(event: string, ...args: unknown[]): boolean {
    this.emitted.push([event, args[0]]);
    return true;
  }
  fire(event: string, ...args: unknown[]) {
    return super.emit(event, ...args);
  }
  disconnect() {
    this.disconnected = true;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const io: IoFactory = (url, options) => {
    const s = new FakeSocket(url, options as Record<string, unknown>);
    sockets.push(s);
    return s;
  };
  const service = createSocketService({ url: 'http://api.test', io });
  const statuses: SocketStatus[] = [];
  service.subscribe((s) => statuses.push(s));
  return { service, sockets, statuses };
}

describe('socket service', () => {
  it('connects with the spec 9 options and the token in the query', () => {
    const { service, sockets } = setup();
    service.connect('tok');
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('http://api.test');
    expect(sockets[0].options).toEqual({
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10000,
      transports: ['websocket', 'polling'],
      query: { token: 'tok' },
    });
    expect(SOCKET_OPTIONS.transports).toEqual(['websocket', 'polling']);
  });

  it('walks initialized → connected → disconnect → reconnecting → connected', () => {
    const { service, sockets, statuses } = setup();
    expect(service.getStatus()).toBe('initialized');
    service.connect('tok');
    const s = sockets[0];
    s.fire('connect');
    expect(service.getStatus()).toBe('connected');
    s.fire('disconnect', 'transport close');
    expect(service.getStatus()).toBe('disconnect');
    s.io.emit('reconnect_attempt', 1);
    expect(service.getStatus()).toBe('reconnecting');
    s.fire('connect');
    expect(statuses).toEqual(['connected', 'disconnect', 'reconnecting', 'connected']);
  });

  it('sends auth/login with the token on the first connect and on every reconnect', () => {
    const { service, sockets } = setup();
    service.connect('tok');
    const s = sockets[0];
    s.fire('connect');
    s.fire('disconnect', 'transport close');
    s.io.emit('reconnect_attempt', 1);
    s.fire('connect');
    expect(s.emitted.filter(([e]) => e === 'auth/login')).toEqual([
      ['auth/login', { token: 'tok' }],
      ['auth/login', { token: 'tok' }],
    ]);
  });

  it('becomes failed on connect_error and on reconnect_failed', () => {
    const { service, sockets } = setup();
    service.connect('tok');
    sockets[0].fire('connect_error', new Error('refused'));
    expect(service.getStatus()).toBe('failed');
    sockets[0].io.emit('reconnect_attempt', 1);
    expect(service.getStatus()).toBe('reconnecting');
    sockets[0].io.emit('reconnect_failed');
    expect(service.getStatus()).toBe('failed');
  });

  it('disconnect() closes the socket; a later connect makes a new one with the same handlers', () => {
    const { service, sockets } = setup();
    const handler = jest.fn();
    service.on('message/created', handler);
    service.connect('tok');
    service.disconnect();
    expect(sockets[0].disconnected).toBe(true);
    expect(service.getStatus()).toBe('disconnect');
    expect(service.emit('x', 1)).toBe(false);

    service.connect('tok2');
    expect(service.getStatus()).toBe('initialized');
    sockets[1].fire('message/created', { id: 'm1' });
    expect(handler).toHaveBeenCalledWith({ id: 'm1' });
    // The closed socket no longer drives the status.
    sockets[0].fire('connect');
    expect(service.getStatus()).toBe('initialized');
  });

  it('is idempotent for the same token and replaces the socket for another', () => {
    const { service, sockets } = setup();
    service.connect('tok');
    service.connect('tok');
    expect(sockets).toHaveLength(1);
    expect(service.isConnectedWith('tok')).toBe(true);
    service.connect('other');
    expect(sockets).toHaveLength(2);
    expect(sockets[0].disconnected).toBe(true);
    expect(service.isConnectedWith('other')).toBe(true);
  });

  it('on/off/emit pass through to the current socket', () => {
    const { service, sockets } = setup();
    service.connect('tok');
    const handler = jest.fn();
    service.on('evt', handler);
    sockets[0].fire('evt', 1);
    service.off('evt', handler);
    sockets[0].fire('evt', 2);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(service.emit('typing', { conversationId: 'c' })).toBe(true);
    expect(sockets[0].emitted).toContainEqual(['typing', { conversationId: 'c' }]);
  });

  it('off without a handler removes every handler of the event; unsubscribe stops status updates', () => {
    const { service, sockets, statuses } = setup();
    const a = jest.fn();
    const b = jest.fn();
    service.on('evt', a);
    service.on('evt', b);
    service.connect('tok');
    service.off('evt');
    sockets[0].fire('evt');
    expect(a).not.toHaveBeenCalled();
    expect(b).not.toHaveBeenCalled();

    const listener = jest.fn();
    const unsubscribe = service.subscribe(listener);
    unsubscribe();
    sockets[0].fire('connect');
    expect(listener).not.toHaveBeenCalled();
    expect(statuses).toContain('connected');
  });

  it('connects at creation when given a token', () => {
    const sockets: FakeSocket[] = [];
    createSocketService({ url: () => 'http://x', token: 't', io: (url, o) => { const s = new FakeSocket(url, o as Record<string, unknown>); sockets.push(s); return s; } });
    expect(sockets[0].url).toBe('http://x');
    expect(sockets[0].options.query).toEqual({ token: 't' });
  });

  describe('socket.io loaded on the first connect', () => {
    function lazySetup() {
      const sockets: FakeSocket[] = [];
      let release!: (io: IoFactory) => void;
      let fail!: (error: Error) => void;
      const loadIo = jest.fn(() => new Promise<IoFactory>((resolve, reject) => { release = resolve; fail = reject; }));
      const factory: IoFactory = (url, options) => {
        const s = new FakeSocket(url, options as Record<string, unknown>);
        sockets.push(s);
        return s;
      };
      const service = createSocketService({ url: 'http://api.test', loadIo });
      const flush = () => new Promise((r) => setTimeout(r, 0));
      return { service, sockets, loadIo, factory, release: (f = factory) => release(f), fail: (e: Error) => fail(e), flush };
    }

    it('does not load socket.io until a connect, then opens with the token once it arrives', async () => {
      const { service, sockets, loadIo, release, flush } = lazySetup();
      const handler = jest.fn();
      service.on('notification', handler);
      expect(loadIo).not.toHaveBeenCalled();

      service.connect('tok');
      service.connect('tok');
      expect(loadIo).toHaveBeenCalledTimes(1);
      expect(service.isConnectedWith('tok')).toBe(true);
      release();
      await flush();
      expect(sockets).toHaveLength(1);
      expect(sockets[0].options.query).toEqual({ token: 'tok' });
      sockets[0].fire('notification', { id: 'n' });
      expect(handler).toHaveBeenCalledWith({ id: 'n' });
    });

    it('opens nothing when signed out before socket.io arrived, and only the latest token after a switch', async () => {
      const { service, sockets, release, flush } = lazySetup();
      service.connect('first');
      service.disconnect();
      expect(service.isConnectedWith('first')).toBe(false);
      service.connect('second');
      release();
      await flush();
      expect(sockets.map((s) => s.options.query)).toEqual([{ token: 'second' }]);
    });

    it('reports a failed download and tries again on the next connect', async () => {
      const { service, sockets, loadIo, fail, flush, factory } = lazySetup();
      const statuses: SocketStatus[] = [];
      service.subscribe((s) => statuses.push(s));
      service.connect('tok');
      fail(new Error('ChunkLoadError'));
      await flush();
      expect(statuses).toContain('failed');
      expect(service.isConnectedWith('tok')).toBe(false);

      loadIo.mockImplementationOnce(() => Promise.resolve(factory));
      service.connect('tok');
      await flush();
      expect(loadIo).toHaveBeenCalledTimes(2);
      expect(sockets).toHaveLength(1);
    });
  });
});
