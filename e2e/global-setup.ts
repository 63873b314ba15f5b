import { rm } from 'node:fs/promises';
import { E2E_DATA_DIR } from './env';

/** Every browser run starts from an empty embedded database. */
export default async function globalSetup() {
  await rm(E2E_DATA_DIR, { recursive: true, force: true });
}
