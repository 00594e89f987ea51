/**
 * Tells devices that a pass changed (Apple's pass web service): an empty push over APNs' HTTP/2
 * API, topic the Pass Type ID, authenticated with the pass certificate as the TLS client
 * certificate. The device then asks the web service which of its passes changed and fetches them.
 */
import { connect } from 'node:http2';
import type { AppleWalletConfig } from '../../config.ts';

const TIMEOUT_MS = 10_000;

export type PushOutcome = {
  /** Tokens APNs said no longer belong to a device (410): their registrations can go. */
  gone: string[];
  failed: number;
};

export async function pushPassUpdates(config: AppleWalletConfig, pushTokens: string[]): Promise<PushOutcome> {
  const outcome: PushOutcome = { gone: [], failed: 0 };
  if (pushTokens.length === 0) return outcome;
  const session = connect(config.apnsUrl, {
    cert: config.signerCert,
    key: config.signerKey,
    ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}),
    ...(config.apnsCa ? { ca: config.apnsCa } : {}),
  });
  // A failed connection fails each request below; the session's own error is not thrown again.
  session.on('error', () => {});
  try {
    await Promise.all(
      pushTokens.map(
        (token) =>
          new Promise<void>((resolve) => {
            const request = session.request({
              ':method': 'POST',
              ':path': `/3/device/${encodeURIComponent(token)}`,
              'apns-topic': config.passTypeIdentifier,
              'apns-push-type': 'background',
              'content-type': 'application/json',
            });
            request.setTimeout(TIMEOUT_MS, () => request.close());
            request.on('response', (headers) => {
              const status = Number(headers[':status']);
              if (status === 410) outcome.gone.push(token);
              else if (status !== 200) outcome.failed += 1;
            });
            request.on('error', () => {
              outcome.failed += 1;
              resolve();
            });
            request.on('close', () => resolve());
            request.resume();
            request.end('{}');
          }),
      ),
    );
  } finally {
    session.close();
  }
  return outcome;
}
