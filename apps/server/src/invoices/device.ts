// The eTIMS device of the branch, initialised once for the whole shop: the sender runs under a job
// lock across instances and keeps what KRA answered (the communication key sealed) in the
// database, so every instance, and every restart, uses the same device. A key that no longer
// opens (JWT_SECRET changed) is fetched again: KRA answers a second initialisation with it.
import type { Db } from '../db/client.ts';
import { open, seal } from '../lib/secret-box.ts';
import type { EtimsOutcome, EtimsPort } from './etims-client.ts';
import * as repo from './repo.ts';

const PURPOSE = 'etims-cmc-key';

export type DeviceReady = { ready: true; device: repo.DeviceRow } | { ready: false; why: string };

function why(outcome: Exclude<EtimsOutcome<unknown>, { kind: 'ok' }>): string {
  return outcome.kind === 'refused'
    ? `eTIMS refused to initialise the device: ${outcome.resultCd} ${outcome.resultMsg}`
    : `eTIMS could not be reached to initialise the device: ${outcome.reason}`;
}

export async function readyDevice(
  db: Db,
  port: EtimsPort,
  branch: string,
  secret: string,
): Promise<DeviceReady> {
  const sandbox = port.mode === 'sandbox';
  const known = await repo.deviceOf(db, branch);
  if (known && known.sandbox === sandbox) {
    if (sandbox) return { ready: true, device: known };
    const key = known.cmcKeyEncrypted && open(known.cmcKeyEncrypted, secret, PURPOSE);
    if (key) {
      port.useKey(key);
      return { ready: true, device: known };
    }
  }
  const outcome = await port.initialise();
  if (outcome.kind !== 'ok') return { ready: false, why: why(outcome) };
  const { cmcKey, sdcId, mrcNo } = outcome.data;
  await repo.saveDevice(db, {
    branch,
    sdcId,
    mrcNo,
    cmcKeyEncrypted: sandbox ? null : seal(cmcKey, secret, PURPOSE),
    sandbox,
  });
  return { ready: true, device: (await repo.deviceOf(db, branch))! };
}
