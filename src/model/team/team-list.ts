/** Kits §5, §6: any team member may delete others, never themselves. */
export function isSelf(uid: string, ownUid: string | null | undefined): boolean {
  return ownUid !== null && ownUid !== undefined && uid === ownUid;
}
