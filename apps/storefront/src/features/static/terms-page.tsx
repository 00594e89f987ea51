import { StaticPage } from './static-page.tsx';

export default function TermsPage() {
  return <StaticPage name="terms" />;
}
