import { ArrowLeftOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Card } from 'antd';
import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { SettingsPaths } from '../../model/shell/navigation';
import { editedMemberUid } from '../../model/team/team-form';
import { TeamMemberText } from '../../model/team/team-texts';
import { teamMemberFormMachine } from '../../machines/team/team-member-form.machine';
import { selectTeamMemberForm } from '../../machines/team/team-member-form.selectors';
import { PageTitle } from '../shell/page';
import { useWorkflow } from '../use-workflow';
import { TeamMemberForm } from './team-member-form';
import { LoadingBlock } from '../parts/loading-block';
import './team.css';

/** Kits §2 "Add / Edit team member" (/settings/team/add, and ?edit={uid} to edit). */
export function TeamMemberPage() {
  const uid = editedMemberUid(useSearch());
  // A new actor for each member, so that going from one edit link to another opens the other member's form.
  return <TeamMemberScreen key={uid ?? ''} uid={uid} />;
}

function TeamMemberScreen({ uid }: { uid: string | null }) {
  const input = useMemo(() => ({ uid }), [uid]);
  const actor = useWorkflow(teamMemberFormMachine, { input });
  const view = useSelector(actor, selectTeamMemberForm, shallowEqual);
  return (
    <>
      <Link href={SettingsPaths.team} className="team-member-back">
        <ArrowLeftOutlined aria-hidden />
        {TeamMemberText.back}
      </Link>
      <PageTitle title={uid === null ? TeamMemberText.addTitle : TeamMemberText.editTitle} />
      <Card className="team-member-card">
        {view.loading ? (
          <LoadingBlock label={TeamMemberText.loading} />
        ) : view.loadFailed ? (
          <Alert type="error" showIcon title={view.error} />
        ) : (
          <TeamMemberForm view={view} actor={actor} />
        )}
      </Card>
    </>
  );
}
