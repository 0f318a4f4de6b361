import Flex from 'antd/es/flex';
import ManagePage from '../../features/account/pages/manage-page.tsx';
import { TeamSection } from '../../features/team/components/team-section.tsx';
import { useCan, useMe } from '../../lib/api/get-me.ts';
import { OwnershipCard } from './ownership-card.tsx';

/**
 * /account/manage: the account's own management (number, holder, verification, closing: the owner's) and the team
 * (members, departments, roles: whoever manages members), and handing ownership to a member (the owner's). Each part
 * shows only to a role that may use it.
 */
export default function ManageWithTeam() {
  const me = useMe();
  const can = useCan();
  if (!me.data) return null;
  return (
    <Flex vertical gap={16} data-testid="manage-with-team">
      {can('account.owner') ? <ManagePage /> : null}
      {can('members.manage') ? <TeamSection /> : null}
      {can('account.owner') ? <OwnershipCard /> : null}
    </Flex>
  );
}
