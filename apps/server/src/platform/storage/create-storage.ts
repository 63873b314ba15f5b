import { join } from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/** The bucket when S3 is configured, else files under `<DATA_DIR>/files`. */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, 'files'));
}
