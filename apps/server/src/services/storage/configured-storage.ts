import path from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';

/** The bucket when S3 is configured, otherwise DATA_DIR/files. */
export const fileStorageOf = (config: Pick<Config, 's3' | 'dataDir'>): FileStorage =>
  config.s3 ? s3Storage(config.s3) : localStorage({ root: path.join(config.dataDir, 'files') });
