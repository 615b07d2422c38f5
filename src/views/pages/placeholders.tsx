import { PageTitle } from '../shell/page';

/**
 * Screens that later issues build. Each shows its title and nothing else: the specification's content
 * arrives with the work that implements it, never as an invented stand-in.
 */

const titled = (title: string) =>
  function TitledPage() {
    return <PageTitle title={title} />;
  };

export const PatientReportsPage = titled('Reports');
