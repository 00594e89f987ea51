import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { canShareLink, ShareLinkActions } from './share-link-actions.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

const link = 'https://shop.example/demo/tickets/#/shared/abc';

async function render(browser: Parameters<typeof ShareLinkActions>[0]['browser']) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<ShareLinkActions link={link} title="Share tickets" browser={browser} />));
  return { container, root };
}

describe('sharing a link', () => {
  it('offers the system share sheet where the browser has one, with the link, and keeps copying', async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    const browser = {
      share: async (data: ShareData) => {
        shared.push(data);
      },
      clipboard: { writeText: async (text: string) => void copied.push(text) } as unknown as Clipboard,
    };
    const { container, root } = await render(browser);
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['share_system', 'share_copy_link']);
    await act(async () => buttons[0]?.click());
    expect(shared).toEqual([{ title: 'Share tickets', url: link }]);
    await act(async () => buttons[1]?.click());
    expect(copied).toEqual([link]);
    act(() => root.unmount());
  });

  it('only copies where the browser cannot share', async () => {
    const { container, root } = await render({ clipboard: { writeText: async () => {} } as unknown as Clipboard });
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['share_copy_link']);
    expect(canShareLink({ clipboard: undefined as unknown as Clipboard, share: async () => {} }, { url: link })).toBe(true);
    const refuses = { clipboard: undefined as unknown as Clipboard, share: async () => {}, canShare: () => false };
    expect(canShareLink(refuses, { url: link })).toBe(false);
    act(() => root.unmount());
  });
});
