/**
 * A first page for each venue: its name, look and products, read from the catalogue API.
 * The full storefront shell replaces it.
 */
import { useEffect, useState } from 'react';

type Configuration = {
  variant: string;
  appMode: string;
  venue: { name: Record<string, string> };
  theme: { primary: string; onPrimary: string; background: string; text: string; accent: string; logoSvg: string };
};
type Product = { uuid: string; name: string; description: string; priceFrom: number };

const lang = 'ja';
const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

function apiBase(): string {
  const site = document.body.dataset.siteCode ?? 'borderless';
  return `/${encodeURIComponent(site)}/api/v1`;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${apiBase()}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export function CataloguePreview() {
  const [config, setConfig] = useState<Configuration | null>(null);
  const [products, setProducts] = useState<Product[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    Promise.all([getJson<Configuration>('/configurations'), getJson<Product[]>(`/products?lang=${lang}`)])
      .then(([c, p]) => {
        setConfig(c);
        setProducts(p);
        const style = document.documentElement.style;
        style.setProperty('--color-primary', c.theme.primary);
        style.setProperty('--color-on-primary', c.theme.onPrimary);
        style.setProperty('--color-background', c.theme.background);
        style.setProperty('--color-text', c.theme.text);
        style.setProperty('--color-accent', c.theme.accent);
      })
      .catch(() => setFailed(true));
  }, []);

  if (failed) return <main role="alert">通信ができませんでした / We were unable to connect to the server</main>;
  if (!config) return <main aria-busy="true" />;
  return (
    <>
      {config.appMode === 'demo' && (
        <div className="demo-banner">デモモード — 実際の決済は行われません / Demo mode — no real payments are taken</div>
      )}
      <header className="site-header">
        {/* The logo mark is the venue's own SVG from its settings. */}
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: config.theme.logoSvg }} />
        <h1>{config.venue.name[lang] ?? config.variant}</h1>
      </header>
      <main>
        <h2>チケット</h2>
        <ul className="products">
          {products.map((product) => (
            <li key={product.uuid} className="product">
              <h3>{product.name}</h3>
              <p className="muted">{product.description}</p>
              <p className="price">{yen.format(product.priceFrom)}〜</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
