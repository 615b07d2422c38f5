import { ArrowLeftOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Card, Flex } from 'antd';
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
import { LoadingSpin } from '../parts/loading-spin';

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
      <Link href={SettingsPaths.team} style={{ display: 'inline-flex', gap: 8, marginBottom: 16 }}>
        <ArrowLeftOutlined aria-hidden />
        {TeamMemberText.back}
      </Link>
      <PageTitle title={uid === null ? TeamMemberText.addTitle : TeamMemberText.editTitle} />
      <Card style={{ maxWidth: 640 }}>
        {view.loading ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <LoadingSpin size="large" label={TeamMemberText.loading} />
          </Flex>
        ) : view.loadFailed ? (
          <Alert type="error" showIcon title={view.error} />
        ) : (
          <TeamMemberForm view={view} actor={actor} />
        )}
      </Card>
    </>
  );
}
