// Drives a server with autocannon and keeps every response's latency, so percentiles are exact.
import autocannon from 'autocannon';

export interface Run {
  requests: number;
  seconds: number;
  errors: number;
  latencies: number[];
}

/** `paths` are requested in turn, so a run rotates through its mix. */
export async function drive(
  origin: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<Run> {
  const latencies: number[] = [];
  let n = 0;
  const started = process.hrtime.bigint();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  return {
    requests: latencies.length,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    errors: result.errors + result.non2xx + result.timeouts,
    latencies,
  };
}

export interface Figures {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The runs of one server on one endpoint, taken together. */
export function figuresOf(runs: Run[]): Figures {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    rps: requests / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}
