/**
 * Issue 44: the server's refusal of a call by a member whose practice requires two-step sign-in and who has not turned
 * it on. Shared so that the app recognises this 403 by its words and leads to the account tab instead of an error.
 */
export const TwoStepRequirementText = {
  setupFirst: 'Your practice requires two-step sign-in. Turn it on in your account settings before using the portal.',
} as const;
