import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { dateChangeApi } from './api/date-change-api.ts';
import { dateChangeQueries } from './api/date-change-queries.ts';

/** The route's two tokens and the change they name, as the server has it now. */
export function useDateChange(props: ScreenProps) {
  const app = useApp();
  const reservationToken = typeof props.reservationToken === 'string' ? props.reservationToken : '';
  const timechangeToken = typeof props.timechangeToken === 'string' ? props.timechangeToken : '';
  const api = useMemo(() => dateChangeApi(app.api, app.lang), [app.api, app.lang]);
  const query = useQuery(dateChangeQueries.change(app, api, timechangeToken));
  return { reservationToken, timechangeToken, api, query, change: query.data };
}
