import { Type } from 'typebox';
import { defineRoute, ErrorBody } from './common';

export const metricsRoutes = {
  scrape: defineRoute({
    method: 'GET', url: '/metrics', auth: 'none', tags: ['operations'],
    summary:
      'Prometheus metrics of this API instance (text exposition format): HTTP requests and latencies by route pattern and status, ' +
      'database pool, open sockets, job queues, the last ledger check, process. Only when the server sets METRICS_TOKEN (404 otherwise); ' +
      'send `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise)',
    schema: { response: { 200: Type.String(), 401: ErrorBody } },
  }),
};
