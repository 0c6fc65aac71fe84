// Runs the Daraja stand-in as a process of its own (the browser journeys start one beside a shop
// configured for it): `tsx daraja-cli.ts <port>`. Stops on SIGTERM or SIGINT.
import { startDarajaStandIn } from './daraja.ts';

const port = Number(process.argv[2] ?? process.env.DARAJA_STAND_IN_PORT ?? 0);
const standIn = await startDarajaStandIn({ port });
console.log(`Daraja stand-in listening at ${standIn.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
