import * as gate from '@storefront/domain/console/gate';
import { describe, expect, it } from 'vitest';
import { DEVICE_AUTH_SCHEME, MAX_UPLOAD_SCANS, RESULT_SHOWN_MS } from './contract.ts';

describe('the scanner’s copy of the gate contract’s constants', () => {
  it('holds the contract’s values', () => {
    expect({ RESULT_SHOWN_MS, MAX_UPLOAD_SCANS, DEVICE_AUTH_SCHEME }).toEqual({
      RESULT_SHOWN_MS: gate.RESULT_SHOWN_MS,
      MAX_UPLOAD_SCANS: gate.MAX_UPLOAD_SCANS,
      DEVICE_AUTH_SCHEME: gate.DEVICE_AUTH_SCHEME,
    });
  });
});
