import { StaticPage } from './static-page.tsx';

export default function PrivacyPage() {
  return <StaticPage name="privacy" />;
}
