/** The texts sharing routes answer with, in one place so tests and clients see the same words. */
export const sharingMessages = {
  chooseGrant: 'Choose a role or permissions',
  notBoth: 'Choose either a role or permissions, not both',
  unknownKey: (key: string) => `Unknown permission "${key}"`,
  roleNameTaken: 'A role with this name already exists',
  sameRole: 'Choose another role than the one being deleted',
  roleInUse: (members: number) => `This role is used by ${members} ${members === 1 ? 'person' : 'people'}; choose a role to move them to (reassign_to).`,
  invitationInvalid: 'This invitation is invalid, was already used or has expired.',
  alreadyShared: 'You already have access to this server.',
  ownServer: 'You own this server.',
} as const;
