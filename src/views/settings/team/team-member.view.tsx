import { useSearch } from 'wouter';
import { PageTitle } from '../../shell/page';

/** Kits §2 "Add / Edit team member" (built by issue 11). */
export function TeamMemberPage() {
  const editing = new URLSearchParams(useSearch()).has('edit');
  return <PageTitle title={editing ? 'Edit Team Member' : 'Add Team Member'} />;
}
