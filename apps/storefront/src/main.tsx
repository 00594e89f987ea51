import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CataloguePreview } from './app/catalogue-preview.tsx';
import './app/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
createRoot(root).render(
  <StrictMode>
    <CataloguePreview />
  </StrictMode>,
);
