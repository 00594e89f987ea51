import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { AppContext, type AppEnvironment } from '../lib/app-context.tsx';
import { HoldNotice } from './hold-notice.tsx';
import { holdState } from './hold-timer.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const expiresAt = '2026-11-24T05:30:00.000Z'; // 14:30 in Tokyo

describe('the hold', () => {
  it('ends at a time in the venue time zone, named in the page language, with a countdown', () => {
    const state = holdState(expiresAt, new Date('2026-11-24T05:17:55.000Z'), 'Asia/Tokyo', 'en');
    expect(state).toMatchObject({ until: '14:30', zone: 'Japan Standard Time', left: '12:05', isWarning: false, isOver: false });
    expect(holdState(expiresAt, new Date('2026-11-24T05:17:55.000Z'), 'Asia/Tokyo', 'ja').zone).toBe('日本標準時');
    expect(holdState(expiresAt, new Date('2026-11-24T05:17:55.000Z'), 'Europe/Paris', 'en').until).toBe('06:30');
  });

  it('warns in the last three minutes and says when it is over', () => {
    expect(holdState(expiresAt, new Date('2026-11-24T05:26:59.000Z'), 'Asia/Tokyo', 'en').isWarning).toBe(false);
    expect(holdState(expiresAt, new Date('2026-11-24T05:27:00.000Z'), 'Asia/Tokyo', 'en')).toMatchObject({
      left: '3:00',
      minutesLeft: 3,
      isWarning: true,
    });
    expect(holdState(expiresAt, new Date('2026-11-24T05:31:00.000Z'), 'Asia/Tokyo', 'en')).toMatchObject({
      left: '0:00',
      isWarning: false,
      isOver: true,
    });
  });

  it('shows the end, the zone and the time left, and raises the warning as an alert', async () => {
    const app = { lang: 'en', config: { timeZone: 'Asia/Tokyo' } } as unknown as AppEnvironment;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    let now = new Date('2026-11-24T05:20:00.000Z');
    await act(async () => {
      root.render(
        <AppContext.Provider value={app}>
          <HoldNotice expiresAt={expiresAt} now={() => now} />
        </AppContext.Provider>,
      );
    });
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(expiresAt);
    expect(container.querySelector('[role="timer"]')?.textContent).toBe('hold_time_left');
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('');
    expect(container.querySelector('.hold-notice-warning')).toBeNull();

    now = new Date('2026-11-24T05:28:30.000Z');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('hold_warning');
    expect(container.querySelector('.hold-notice-warning')).not.toBeNull();
    act(() => root.unmount());
  });
});
