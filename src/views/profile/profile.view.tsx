import { PageTitle } from '../shell/page';

/** Kits §2 "Profile page (provider-side)" (built by issue 11). */
export function ProfilePage() {
  return <PageTitle title="Profile" />;
}
