import { join } from 'node:path';

export const E2E_PORT = 5181;
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = join(import.meta.dirname, '..', '.test-data', 'e2e');
