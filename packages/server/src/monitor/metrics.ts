import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus figures of `GET /metrics` (API.md): one registry per process (the process
 * metrics are the process's; several applications in one process, as in the tests, add to the
 * same counters).
 */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  requests: Counter<'method' | 'route' | 'status_class'>;
  serverErrors: Counter<'method' | 'route'>;
  clientErrors: Counter;
  signInFailures: Counter<'reason'>;
  securityEvents: Counter<'type'>;
  slowQueries: Counter;
}

let metrics: Metrics | null = null;

export function processMetrics(): Metrics {
  if (metrics) return metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'circula_' });
  const labels = ['method', 'route', 'status_class'] as const;
  metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'circula_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status class',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    requests: new Counter({ name: 'circula_http_requests_total', help: 'HTTP requests by route pattern, method and status class', labelNames: labels, registers: [registry] }),
    serverErrors: new Counter({ name: 'circula_http_server_errors_total', help: 'Answers with a 5xx status by route pattern', labelNames: ['method', 'route'], registers: [registry] }),
    clientErrors: new Counter({ name: 'circula_client_errors_total', help: 'Errors reported by browsers (POST /api/monitor/client-errors)', registers: [registry] }),
    signInFailures: new Counter({ name: 'circula_sign_in_failures_total', help: 'Failed sign-ins by reason (bad credentials, throttled, lockout, refused)', labelNames: ['reason'], registers: [registry] }),
    securityEvents: new Counter({ name: 'circula_security_events_total', help: 'Security events by type', labelNames: ['type'], registers: [registry] }),
    slowQueries: new Counter({ name: 'circula_slow_queries_total', help: 'Database queries slower than SLOW_QUERY_MS', registers: [registry] }),
  };
  return metrics;
}
