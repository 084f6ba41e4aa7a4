import { team, teamMember } from '@app/contract/resources/crm/team';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Badge, Button, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callResource } from '../../kit/api';
import { useCan } from '../../kit/can';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { RowButton } from '../../kit/row-actions';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { Tailoring } from '../../kit/tailor';
import { type RecordOf, resourceKey } from '../../kit/use-resource';

type Member = { _id: string; userId: string; memberType: string | null; user: { label: string | null } | null };
type TeamRow = { _id: string; name: string; members?: Member[] };

const staffTarget = { resource: organisationStaff, labelField: 'name.fullName' };

/** A membership change shows in the team list (its members) as well as the member list. */
const useMembership = () => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey(team) }),
      queryClient.invalidateQueries({ queryKey: resourceKey(teamMember) }),
    ]);
  const add = useMutation({
    mutationFn: (input: { teamId: string; userId: string; memberType?: string }) => callResource(teamMember, 'create', input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (input: { _id: string }) => callResource(teamMember, 'remove', input),
    onSuccess: refresh,
    onError: (error) => notifyFailure(error),
  });
  return { add, remove };
};

const MemberBadges = ({ row }: { row: TeamRow }) => {
  const { remove } = useMembership();
  const mayRemove = useCan().do(teamMember, 'remove');
  const members = row.members ?? [];
  if (members.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No members yet
      </Text>
    );
  return (
    <Group gap={6}>
      {members.map((member) => {
        const name = member.user?.label ?? 'Unknown';
        return (
          <Badge
            key={member._id}
            variant="light"
            radius="sm"
            rightSection={
              mayRemove ? (
                <CloseButton size="xs" aria-label={`Remove ${name} from ${row.name}`} onClick={() => remove.mutate({ _id: member._id })} />
              ) : undefined
            }
          >
            {member.memberType ? `${name} · ${member.memberType}` : name}
          </Badge>
        );
      })}
    </Group>
  );
};

const AddMember = ({ row }: { row: TeamRow }) => {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState('');
  const [memberType, setMemberType] = useState('');
  const { add } = useMembership();
  const close = () => {
    setOpen(false);
    setUserId('');
    setMemberType('');
    add.reset();
  };
  const submit = () =>
    add.mutate(
      { teamId: row._id, userId, ...(memberType.trim() ? { memberType: memberType.trim() } : {}) },
      {
        onSuccess: () => {
          notifySuccess(`Added to ${row.name}`);
          close();
        },
      },
    );
  return (
    <>
      <RowButton name={`Add a member to ${row.name}`} onClick={() => setOpen(true)}>
        <IconUserPlus size={18} stroke={1.6} />
      </RowButton>
      <Modal opened={open} onClose={close} title={`Add a member to ${row.name}`}>
        <Stack>
          <ReferencePicker
            target={staffTarget}
            label="Staff member"
            value={userId}
            onChange={(value) => setUserId(String(value))}
            error={add.error ? messageOf(add.error) : undefined}
            required
          />
          <TextInput
            label="Member type"
            placeholder="Recruiter, team lead…"
            value={memberType}
            onChange={(e) => setMemberType(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={add.isPending} disabled={!userId}>
              Add member
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};

// The list answers each team with its members (DECISIONS.md §1), beyond the record's own fields.
const withMembers = (row: RecordOf<typeof team>) => row as RecordOf<typeof team> & { members?: Member[] };

const columns: Tailoring<Column<RecordOf<typeof team>>> = {
  pick: ['name', 'members'],
  add: [{ key: 'members', header: 'Members', render: (row) => <MemberBadges row={withMembers(row)} />, wrap: true }],
};

export const teamScreen = screenTailoring({ resource: team, columns });

/** /crm/teams: the organisation's teams and who is in them (TEAM-scoped permissions follow them). */
export const TeamsPage = () => {
  // Adding a member names a staff member, so it needs READ on staff as well (the server's rule for references).
  const can = useCan();
  const mayAdd = can.do(teamMember, 'create') && can.do(organisationStaff, 'list');
  return (
    <ResourceScreen
      {...teamScreen}
      description="Teams group staff: a permission with team scope shows a member the records of their teams."
      searchPlaceholder="Team name"
      rowExtra={mayAdd ? (row) => <AddMember row={row} /> : undefined}
    />
  );
};
