import { PageTitle } from '../shell/page';

/** Kits §2 "Developer settings" (built by issue 11). */
export function IntegrationsPage() {
  return <PageTitle title="Developer Settings" />;
}
