/**
 * The referral programme (GET /v1/inviteCondition): what an inviter earns, once per invited account.
 * An invited account counts when it signs up with the inviter's code and then passes a real-name verification
 * (personal or enterprise): that is the point at which it is a real, distinct customer, so the reward cannot be
 * farmed with throw-away sign-ups. The reward is credited to the inviter's balance through the ledger.
 */
export const referralRewardCents = 2_000;
/** Rewards per inviter, over the life of the account. */
export const referralMaxRewards = 50;
/** The ledger reference of the reward earned through one invited account: unique, so it is paid once. */
export const referralLedgerRefPrefix = 'referral:';
export const referralLedgerRef = (inviteeAccountNo: string) => `${referralLedgerRefPrefix}${inviteeAccountNo}`;
