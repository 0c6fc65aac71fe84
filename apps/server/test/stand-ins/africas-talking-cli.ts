// Runs the Africa's Talking stand-in as a process of its own (the browser journeys start one beside
// a shop configured for it): `tsx africas-talking-cli.ts <port> <username> <api key>`. Besides the
// gateway's protocol it answers GET /__stand-in/messages?to=+2547… with what that number received,
// so a journey reads a code as the shopper's phone would. Stops on SIGTERM or SIGINT.
import http from 'node:http';
import { AfricasTalkingStandIn } from './africas-talking.ts';

const [port, username, apiKey] = process.argv.slice(2);
const standIn = new AfricasTalkingStandIn(username, apiKey);
// The stand-in's own handler speaks the protocol; only the inbox is answered here.
const answer = (standIn as unknown as { handle: http.RequestListener }).handle.bind(standIn);
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method !== 'GET' || url.pathname !== '/__stand-in/messages') return answer(req, res);
  const to = url.searchParams.get('to');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(to ? standIn.to(to) : standIn.received));
});
server.listen(Number(port ?? 0), '127.0.0.1', () => {
  console.log(`Africa's Talking stand-in listening at http://127.0.0.1:${port}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
