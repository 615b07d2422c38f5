import type { SnapshotFrom } from 'xstate';
import type { deleteUserMachine } from './delete-user.machine';

type DeleteUserSnapshot = SnapshotFrom<typeof deleteUserMachine>;

export interface DeleteUserView {
  /** The member asked about, or being deleted. */
  uid: string | null;
  /** The question is shown. */
  confirming: boolean;
  /** The delete call is under way: Delete shows it is loading and the question cannot be dismissed. */
  busy: boolean;
  /** A row's Delete takes a click: no other member is being asked about or deleted. */
  canDelete: boolean;
}

export function selectDeleteUser(snapshot: DeleteUserSnapshot): DeleteUserView {
  return {
    uid: snapshot.context.uid,
    confirming: snapshot.hasTag('confirming'),
    busy: snapshot.hasTag('busy'),
    canDelete: snapshot.can({ type: 'user.delete', uid: '', ownUid: null }),
  };
}
