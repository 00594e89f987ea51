import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { changeDateApi } from './date-change-api.ts';

/** The route's two tokens and the change they name, as the server has it now. */
export function useDateChange(props: ScreenProps) {
  const app = useApp();
  const reservationToken = typeof props.reservationToken === 'string' ? props.reservationToken : '';
  const timechangeToken = typeof props.timechangeToken === 'string' ? props.timechangeToken : '';
  const api = useMemo(() => changeDateApi(app.api, app.lang), [app.api, app.lang]);
  const query = useQuery({
    queryKey: ['change-date', 'change', app.siteCode, app.lang, timechangeToken],
    queryFn: ({ signal }) => api.get(timechangeToken, signal),
    retry: false,
    gcTime: 0,
  });
  return { reservationToken, timechangeToken, api, query, change: query.data };
}
