import Fastify, { type FastifyInstance } from 'fastify';
import { AccessLog, lazyRequestLogger, RequestLogger } from '../../../src/server/lib/access-log';

/** A Fastify app with the API's logging settings, its lines collected as parsed JSON. */
function appWithLines(): { app: FastifyInstance; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new AccessLog(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => 'req-1',
  });
  return { app, lines };
}

describe('access log and request loggers (src/server/lib/access-log.ts)', () => {
  it('writes one flat line per answered request, and makes no child logger for a request that logs nothing else', async () => {
    const { app, lines } = appWithLines();
    const children = jest.spyOn(app.log, 'child');
    let logger: unknown;
    app.get('/quiet', async (request) => {
      logger = request.log;
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/quiet?x=1' });
    expect(res.statusCode).toBe(200);
    expect(logger).toBeInstanceOf(RequestLogger);
    expect(children).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', reqId: 'req-1', method: 'GET', url: '/quiet?x=1', statusCode: 200, ip: '127.0.0.1' });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(lines[0]).not.toHaveProperty('req');
    await app.close();
  });

  it('binds the request id to what a handler logs, and logs a failed request at error level with its error', async () => {
    const { app, lines } = appWithLines();
    app.get('/talks', async (request) => {
      request.log.warn({ detail: 'x' }, 'something to say');
      request.log.child({ part: 'inner' }).info('from a child');
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    await app.inject({ method: 'GET', url: '/talks' });
    expect(lines.map((l) => [l.msg, l.reqId, l.level])).toEqual([
      ['something to say', 'req-1', 40],
      ['from a child', 'req-1', 30],
      ['request completed', 'req-1', 30],
    ]);
    expect(lines[1].part).toBe('inner');
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/fails' });
    const failed = lines.find((l) => l.level === 50 && (l.err as { message?: string } | undefined)?.message === 'broken');
    expect(failed).toMatchObject({ reqId: 'req-1' });
    await app.close();
  });

  it('follows a route\'s log level without making a child, and applies it once one is made', async () => {
    const { app, lines } = appWithLines();
    app.get('/quieter', { logLevel: 'warn' }, async (request) => {
      expect(request.log.level).toBe('warn');
      request.log.info('not written');
      request.log.warn('written');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/quieter' });
    expect(lines.map((l) => l.msg)).toEqual(['written']);
    await app.close();
  });
});
