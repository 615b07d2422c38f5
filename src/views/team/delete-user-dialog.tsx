import { Modal } from 'antd';
import { memo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DeleteUserText } from '../../model/team/team-texts';
import type { deleteUserMachine } from '../../machines/team/delete-user.machine';
import type { DeleteUserView } from '../../machines/team/delete-user.selectors';

export type DeleteUserActor = ActorRefFrom<typeof deleteUserMachine>;

/** Kits §2: "Are you sure you want to delete this user?" with Cancel and Delete; it stays up, loading, until the server answers. */
export const DeleteUserDialog = memo(function DeleteUserDialog({ view, actor }: { view: DeleteUserView; actor: DeleteUserActor }) {
  return (
    <Modal
      open={view.confirming}
      // The documents give the question and no title: the question names the dialog.
      title={DeleteUserText.question}
      okText={DeleteUserText.confirm}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={DeleteUserText.cancel}
      cancelButtonProps={{ disabled: view.busy }}
      confirmLoading={view.busy}
      closable={!view.busy}
      mask={{ closable: !view.busy }}
      keyboard={!view.busy}
      onOk={() => actor.send({ type: 'user.confirmDelete' })}
      onCancel={() => actor.send({ type: 'user.cancelDelete' })}
    />
  );
});
