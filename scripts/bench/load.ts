// The benchmark's load generator (scripts/bench/run.ts forks it for each row): autocannon against the
// app, the latencies of every response kept to compute exact percentiles, the result sent back over
// IPC. A process of its own so that the app's memory is measured without it.
import autocannon from 'autocannon';
import type { Measured } from './report.js';
import type { Scenario } from './scenarios.js';

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

function load(
  url: string,
  scenario: Scenario,
  varied: boolean,
  connections: number,
  seconds: number,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let bytes = 0;
    let next = 0;
    const paths = varied ? scenario.varied! : [];
    const instance = autocannon(
      {
        url: url + scenario.path,
        connections,
        duration: seconds,
        timeout: 120,
        headers: { accept: 'application/json', ...scenario.headers },
        ...(varied
          ? {
              requests: [
                {
                  setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length]! }),
                },
              ],
            }
          : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        if (process.env.BENCH_DEBUG)
          console.error(
            JSON.stringify({
              total: result.requests.total,
              errors: result.errors,
              timeouts: result.timeouts,
              non2xx: result.non2xx,
              codes: result.statusCodeStats,
            }),
          );
        times.sort((a, b) => a - b);
        resolve({
          name: scenario.name,
          mode: varied ? `varied (${paths.length} distinct, cache off)` : 'repeated',
          path: scenario.path,
          requests: result.requests.total,
          rps: result.requests.average,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          bytes: result.requests.total ? Math.round(bytes / times.length) : 0,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
      times.push(responseTime);
      bytes += resBytes;
    });
  });
}

interface Job {
  url: string;
  scenario: Scenario;
  varied: boolean;
  connections: number;
  seconds: number;
}

process.once('message', (job: Job) => {
  load(job.url, job.scenario, job.varied, job.connections, job.seconds).then(
    (measured) => process.send?.({ ok: true, measured }),
    (err: unknown) => process.send?.({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
