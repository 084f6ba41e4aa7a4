import { clientApplicationList } from '@app/contract/resources/hiring/client-applications';
import { Badge, Button, Checkbox, Group, Menu, Paper, ScrollArea, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsExchange, IconChevronDown } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callApi } from '../../kit/api';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { type MoveAnswers, questionsFor, timeInStage, toggled } from '../hiring/board/board-model';
import { MoveDialog } from '../hiring/move-dialog';
import { clientApplicationsKey } from './client-applications-page';
import { type ClientApplication, type ClientJobStage, clientMoves, movingIds, stageColumns } from './client-job-model';

type Moving = { ids: string[]; stage: ClientJobStage };

/** The time cards count from, renewed each minute. */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

type CardProps = {
  application: ClientApplication;
  stages: readonly ClientJobStage[];
  selected: boolean;
  now: number;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onMove: (stage: ClientJobStage) => void;
};

/** One candidate: how long they have been at this stage, their interviews, and a menu to move them on. */
const Card = ({ application, stages, selected, now, busy, onSelect, onMove }: CardProps) => {
  const name = application.candidate?.label ?? 'A candidate';
  return (
    <Paper component="article" withBorder radius="sm" p="xs" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <Checkbox mt={2} aria-label={`Select ${name}`} checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {timeInStage(application.stageEnteredAt, now)} at this stage
              {application.interviews.length > 0 &&
                ` · ${application.interviews.length} ${application.interviews.length === 1 ? 'interview' : 'interviews'}`}
            </Text>
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              size="compact-xs"
              rightSection={<IconChevronDown size={12} aria-hidden />}
              aria-label={`Move ${name} to…`}
              disabled={busy}
            >
              Move
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move to</Menu.Label>
            {stages
              .filter((stage) => stage._id !== application.pipelineCurrentStage)
              .map((stage) => (
                <Menu.Item key={stage._id} onClick={() => onMove(stage)}>
                  {stage.label}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
};

/**
 * A job's board for its client: a column per stage the job's details name (the enabled stages of its
 * pipeline, in order), the client's applications on the job as cards. A card moves from its "Move"
 * menu; several ticked move at once with remarks (`multi-move-to-stage`, all or none). A hire asks for
 * the joining date, a rejection or an offer whether to write to the candidate, as on the staff board.
 * Menus rather than dragging, so it works the same on a phone, where one stage shows at a time.
 */
export const ClientJobBoard = ({ jobId, stages }: { jobId: string; stages: readonly ClientJobStage[] }) => {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const now = useNow();
  const applications = useQuery({
    queryKey: [...clientApplicationsKey, 'board', jobId],
    queryFn: ({ signal }) => callApi(clientApplicationList, { filter: { jobId }, limit: 'ALL' }, { signal }),
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<Moving | null>(null);
  const [busy, setBusy] = useState(false);
  const [phoneStage, setPhoneStage] = useState<string | null>(null);

  const cards = applications.data?.results ?? [];
  const columns = useMemo(() => stageColumns(stages, cards), [stages, cards]);
  // Only cards still on the board count as selected (one another moved away meanwhile does not).
  const chosen = cards.filter((card) => selected.has(card._id)).map((card) => card._id);

  // On a phone one stage shows at a time: the one chosen, else the first that holds anyone.
  const phoneColumn =
    phoneStage && stages.some((stage) => stage._id === phoneStage)
      ? phoneStage
      : (columns.find((column) => column.cards.length > 0) ?? columns[0])?.stage._id;
  // A phone keeps showing the stage a card left, even once it is empty.
  const keepPhoneColumn = () => {
    if (phone && !phoneStage && phoneColumn) setPhoneStage(phoneColumn);
  };

  const send = async (ids: string[], stage: ClientJobStage, answers: MoveAnswers) => {
    const movable = movingIds(cards, ids, stage._id);
    if (movable.length === 0) {
      setMoving(null);
      return;
    }
    setBusy(true);
    let done = 0;
    try {
      for (const batch of clientMoves(movable, stage._id, answers)) {
        await callApi(batch.call, batch.payload);
        done += batch.ids.length;
      }
      notifySuccess(movable.length === 1 ? `Moved to ${stage.label}` : `${movable.length} moved to ${stage.label}`);
      setMoving(null);
    } catch (error) {
      notifyFailure(error, done > 0 ? `${done} moved, ${movable.length - done} not moved` : 'Not moved');
    } finally {
      setSelected((previous) => toggled(previous, movable.slice(0, done), false));
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: clientApplicationsKey });
    }
  };

  /** A card's menu moves it straight there, unless the stage asks something first. */
  const moveOne = (id: string, stage: ClientJobStage) => {
    keepPhoneColumn();
    const asks = questionsFor(stage.stageType);
    if (asks.joining || asks.letter) setMoving({ ids: [id], stage });
    else void send([id], stage, { remarks: '' });
  };

  if (applications.isError) {
    return (
      <Text c="red" size="sm">
        {messageOf(applications.error)}
      </Text>
    );
  }
  if (applications.isPending) return <Skeleton height={240} aria-label="Loading the board" />;
  if (stages.length === 0) return <Text c="dimmed">This job’s pipeline has no stage switched on.</Text>;

  const shown = phone ? columns.filter((column) => column.stage._id === phoneColumn) : columns;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {phone && (
          <Select
            label="Stage"
            data={columns.map((column) => ({ value: column.stage._id, label: `${column.stage.label} (${column.cards.length})` }))}
            value={phoneColumn ?? null}
            onChange={setPhoneStage}
            allowDeselect={false}
          />
        )}
        {chosen.length > 0 && (
          <Menu withinPortal>
            <Menu.Target>
              <Button leftSection={<IconArrowsExchange size={16} aria-hidden />} disabled={busy}>
                Move {chosen.length} selected to…
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {stages.map((stage) => (
                <Menu.Item
                  key={stage._id}
                  onClick={() => {
                    keepPhoneColumn();
                    setMoving({ ids: chosen, stage });
                  }}
                >
                  {stage.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {chosen.length > 0 && (
          <Button variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {cards.length === 0
          ? 'No candidates on this job yet: your recruitment partner adds them.'
          : `${cards.length} ${cards.length === 1 ? 'candidate' : 'candidates'} · move one from its menu, or tick several and move them together`}
      </Text>
      <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'Stages' }}>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {shown.map((column) => (
            <Paper
              key={column.stage._id}
              component="section"
              aria-label={column.stage.label}
              withBorder
              radius="md"
              p="xs"
              bg="var(--mantine-color-default-hover)"
              w={phone ? '100%' : 260}
              miw={phone ? undefined : 260}
            >
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Title order={3} fz="sm">
                  {column.stage.label}
                </Title>
                <Badge variant="light">{column.cards.length}</Badge>
              </Group>
              <Stack gap="xs">
                {column.cards.length === 0 && (
                  <Text size="xs" c="dimmed" ta="center" py="xs">
                    No one at this stage
                  </Text>
                )}
                {column.cards.map((application) => (
                  <Card
                    key={application._id}
                    application={application}
                    stages={stages}
                    selected={selected.has(application._id)}
                    now={now}
                    busy={busy}
                    onSelect={(on) => setSelected((previous) => toggled(previous, [application._id], on))}
                    onMove={(stage) => moveOne(application._id, stage)}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
        </Group>
      </ScrollArea>
      {moving && (
        <MoveDialog
          stage={{ title: moving.stage.label, stageType: moving.stage.stageType }}
          count={moving.ids.length}
          busy={busy}
          offersLetter={false}
          onCancel={() => setMoving(null)}
          onMove={(answers) => void send(moving.ids, moving.stage, answers)}
        />
      )}
    </Stack>
  );
};
