import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config.js';

const bucket = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'cineverse-media',
  S3_ACCESS_KEY_ID: 'media-writer',
  S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

describe('the object store settings (S3_*)', () => {
  it('keep files in the data folder when none is set', () => {
    expect(readConfig({}).objectStore).toBeUndefined();
  });

  it('name the bucket, in us-east-1 unless S3_REGION says otherwise, by path except on AWS', () => {
    expect(readConfig(bucket).objectStore).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cineverse-media',
      region: 'us-east-1',
      accessKeyId: 'media-writer',
      secretAccessKey: 'a-long-secret',
      forcePathStyle: true,
    });
    const aws = readConfig({ ...bucket, S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com', S3_REGION: 'ap-south-1' });
    expect(aws.objectStore).toMatchObject({ region: 'ap-south-1', forcePathStyle: false });
  });

  it('refuse to start with some of them set, naming each one missing', () => {
    expect(() => readConfig({ S3_ENDPOINT: bucket.S3_ENDPOINT, S3_BUCKET: bucket.S3_BUCKET })).toThrow(
      /^S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too/,
    );
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = bucket;
    expect(() => readConfig(withoutSecret)).toThrow(/^S3_SECRET_ACCESS_KEY must be set too/);
  });

  it('refuse an endpoint that is not an http(s) address', () => {
    expect(() => readConfig({ ...bucket, S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(/S3_ENDPOINT must/);
    expect(() => readConfig({ ...bucket, S3_ENDPOINT: 'ftp://store' })).toThrow(/S3_ENDPOINT must start with/);
  });
});
