/**
 * A day's arrivals, kept live: read once, then every `arrivals` event of the server's stream
 * replaces it. The browser reconnects a dropped stream by itself; a stream the server closed (a
 * refusal, a restart) is opened again after a pause. Without EventSource it reads again now and then.
 */
import type { Arrivals } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { arrivalsQueries, arrivalsStreamUrl } from './arrivals-api.ts';

export type Connection = 'connecting' | 'live' | 'reconnecting';

const REOPEN_MS = 5_000;
const POLL_MS = 10_000;

export function useLiveArrivals(venue: string, date: string, lang: LanguageCode) {
  const client = useQueryClient();
  const hasStream = typeof EventSource !== 'undefined';
  const query = useQuery({ ...arrivalsQueries.day(venue, date, lang), refetchInterval: hasStream ? false : POLL_MS });
  const [connection, setConnection] = useState<Connection>('connecting');

  useEffect(() => {
    if (!hasStream) return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let isDone = false;
    const { queryKey } = arrivalsQueries.day(venue, date, lang);
    const open = () => {
      source = new EventSource(arrivalsStreamUrl(venue, date, lang));
      source.addEventListener('open', () => setConnection('live'));
      source.addEventListener('arrivals', (event) => {
        setConnection('live');
        client.setQueryData<Arrivals>(queryKey, JSON.parse((event as MessageEvent<string>).data) as Arrivals);
      });
      source.addEventListener('error', () => {
        setConnection('reconnecting');
        if (source?.readyState === EventSource.CLOSED && !isDone) {
          source.close();
          reopen = setTimeout(open, REOPEN_MS);
        }
      });
    };
    setConnection('connecting');
    open();
    return () => {
      isDone = true;
      if (reopen) clearTimeout(reopen);
      source?.close();
    };
  }, [client, venue, date, lang, hasStream]);

  return { query, connection: hasStream ? connection : null };
}
