import { applicationSources, crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { hiringPipeline, type PipelineItem } from '@app/contract/resources/hiring/pipeline';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsExchange, IconDotsVertical, IconEye, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../../kit/api';
import { useCan } from '../../../kit/can';
import { messageOf, notifyFailure, notifySuccess } from '../../../kit/notify';
import { recordPathOf } from '../../../kit/record-paths';
import { resourceKey, useDetails } from '../../../kit/use-resource';
import { humanise } from '../../../kit/words';
import { moveApplicationCall, moveApplicationsCall } from '../hiring-calls';
import { MoveDialog } from '../move-dialog';
import {
  type BoardCard,
  type BoardFilter,
  columnsOf,
  groupByStage,
  type MoveAnswers,
  movedLocally,
  movePayload,
  questionsFor,
  scoreOf,
  timeInStage,
} from './board-model';

const cardHeight = 84;
const dragType = 'application/x-application-ids';

type Moving = { ids: string[]; stage: PipelineItem };

type CardProps = {
  card: BoardCard;
  selected: boolean;
  now: number;
  mayMove: boolean;
  columns: readonly PipelineItem[];
  onSelect: (id: string, selected: boolean) => void;
  onMove: (ids: string[], stage: PipelineItem) => void;
  dragIds: (id: string) => string[];
};

/** One application: the candidate, how long it has waited here, and its flags; dragged, or moved from its menu by keyboard. */
const Card = memo(({ card, selected, now, mayMove, columns, onSelect, onMove, dragIds }: CardProps) => {
  const name = card.candidate?.label ?? 'Candidate';
  const score = scoreOf(card);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      h={cardHeight - 6}
      draggable={mayMove}
      onDragStart={(event) => {
        event.dataTransfer.setData(dragType, JSON.stringify(dragIds(card._id)));
        event.dataTransfer.effectAllowed = 'move';
      }}
      data-testid="board-card"
      aria-label={name}
      style={{ cursor: mayMove ? 'grab' : undefined, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {mayMove && (
          <Checkbox
            size="xs"
            mt={3}
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={(event) => onSelect(card._id, event.currentTarget.checked)}
          />
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={recordPathOf('CrmJobApplication', card._id) ?? '#'} size="sm" fw={500} truncate>
            {name}
          </Anchor>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {timeInStage(card.stageEnteredAt, now)} here
            </Text>
            {card.source === 'BOARD' && (
              <Badge size="xs" variant="light">
                Job board
              </Badge>
            )}
            {card.isPersonalInfoVisibleToClient && (
              <Tooltip label="The client sees the candidate’s details">
                <IconEye size={14} aria-label="Details shared with the client" />
              </Tooltip>
            )}
            {score !== null && (
              <Badge size="xs" color="grape" variant="light">
                Score {score}
              </Badge>
            )}
          </Group>
        </Stack>
        {mayMove && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="sm" aria-label={`Move ${name}`}>
                <IconDotsVertical size={14} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to</Menu.Label>
              {columns
                .filter((column) => column._id !== card.pipelineCurrentStage)
                .map((column) => (
                  <Menu.Item key={column._id} onClick={() => onMove([card._id], column)}>
                    {column.stage.title}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
});

type ColumnProps = Omit<CardProps, 'card' | 'selected'> & {
  stage: PipelineItem;
  cards: BoardCard[];
  selected: ReadonlySet<string>;
  total: number;
};

/** A stage's column: its cards virtualised (thousands stay smooth), a drop target for cards dragged from another. */
const Column = ({ stage, cards, selected, total, ...cardProps }: ColumnProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const virtual = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeight,
    overscan: 6,
  });
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      component="section"
      aria-label={`${stage.stage.title}: ${cards.length}`}
      w={260}
      miw={260}
      style={{ outline: over ? '2px dashed var(--mantine-color-blue-5)' : undefined }}
      onDragOver={(event) => {
        if (!cardProps.mayMove || !event.dataTransfer.types.includes(dragType)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const ids = JSON.parse(event.dataTransfer.getData(dragType) || '[]') as string[];
        if (ids.length > 0) cardProps.onMove(ids, stage);
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h6" lineClamp={1}>
          {stage.stage.title}
        </Title>
        <Badge variant="light" radius="sm" aria-label={`${cards.length} of ${total}`}>
          {cards.length === total ? total : `${cards.length} / ${total}`}
        </Badge>
      </Group>
      <div ref={scroller} tabIndex={0} style={{ height: 'min(60vh, 560px)', overflowY: 'auto' }}>
        {cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((row) => {
              const card = cards[row.index] as BoardCard;
              return (
                <div key={card._id} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}>
                  <Card card={card} selected={selected.has(card._id)} {...cardProps} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Paper>
  );
};

type JobBoardProps = { jobId: string; pipelineId: string | null | undefined };

/**
 * A job's pipeline board: a column per enabled stage with its count, the applications as cards; drag
 * a card (or the selected ones) to another column, or move from a card's menu, or select several and
 * move them at once with remarks. HIRED asks for the joining dates; REJECTED and OFFERED whether to
 * write to the candidate. On a phone one stage shows at a time.
 */
export const JobBoard = ({ jobId, pipelineId }: JobBoardProps) => {
  const can = useCan();
  // Whoever may move applications one by one may move them in bulk too: the same call, the same level.
  const mayMove = can.bulk(crmJobApplication, 'move-to-stage');
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const pipeline = useDetails(hiringPipeline, can.do(hiringPipeline, 'details') ? (pipelineId ?? undefined) : undefined);
  const boardKey = [crmJobApplication.name, 'board', jobId];
  const mayRead = can.call(jobApplicantsList) && can.do(hiringPipeline, 'details');
  const applications = useQuery({
    enabled: mayRead,
    queryKey: boardKey,
    queryFn: ({ signal }) => callApi(jobApplicantsList, { jobId, limit: 'ALL' }, { signal }),
  });
  const [filter, setFilter] = useState<BoardFilter>({ search: '', source: null });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState<Moving | null>(null);
  const [busy, setBusy] = useState(false);
  const [phoneStage, setPhoneStage] = useState<string | null>(null);
  const now = Date.now();

  const cards = (applications.data?.results ?? []) as BoardCard[];
  const columns = useMemo(() => columnsOf(pipeline.data?.items ?? []), [pipeline.data]);
  const groups = useMemo(() => groupByStage(cards, columns, filter), [cards, columns, filter]);
  const totals = useMemo(() => groupByStage(cards, columns, { search: '', source: null }), [cards, columns]);

  const select = (id: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // A dragged card carries the whole selection when it is part of it.
  const dragIds = (id: string) => (selected.has(id) ? [...selected] : [id]);

  const send = async (ids: string[], stage: PipelineItem, answers: MoveAnswers) => {
    const before = queryClient.getQueryData(boardKey);
    queryClient.setQueryData(boardKey, (data: typeof applications.data) =>
      data ? { ...data, results: movedLocally(data.results as BoardCard[], ids, stage._id, new Date().toISOString()) } : data,
    );
    setBusy(true);
    try {
      const payload = movePayload(ids, stage._id, answers);
      if ('jobApplicationIds' in payload) await callApi(moveApplicationsCall, payload);
      else await callApi(moveApplicationCall, payload);
      notifySuccess(`${ids.length === 1 ? 'Moved' : `${ids.length} moved`} to ${stage.stage.title}`);
      setSelected(new Set());
      setMoving(null);
    } catch (error) {
      queryClient.setQueryData(boardKey, before);
      notifyFailure(error, 'Not moved');
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: resourceKey(crmJobApplication) });
    }
  };

  const move = (ids: string[], stage: PipelineItem) => {
    const asks = questionsFor(stage.stage.stageType);
    if (asks.joining || asks.letter) setMoving({ ids, stage });
    else void send(ids, stage, { remarks: '' });
  };

  if (!mayRead) return <Text c="dimmed">You may not see this job’s board.</Text>;
  if (applications.isPending || pipeline.isPending) return <Skeleton height={320} aria-label="Loading the board" />;
  if (applications.isError || pipeline.isError) {
    return (
      <Text c="red" size="sm">
        {messageOf(applications.error ?? pipeline.error)}
      </Text>
    );
  }
  const shown = phone ? columns.filter((column) => column._id === (phoneStage ?? columns[0]?._id)) : columns;
  const columnProps = { now, mayMove, columns, onSelect: select, onMove: move, dragIds };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Candidate"
          placeholder="Search by name"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={filter.search}
          onChange={(event) => setFilter({ ...filter, search: event.currentTarget.value })}
        />
        <Select
          label="Source"
          placeholder="Any"
          clearable
          data={applicationSources.map((source) => ({ value: source, label: humanise(source) }))}
          value={filter.source}
          onChange={(source) => setFilter({ ...filter, source })}
        />
        {phone && (
          <Select
            label="Stage"
            data={columns.map((column) => ({
              value: column._id,
              label: `${column.stage.title} (${groups.get(column._id)?.length ?? 0})`,
            }))}
            value={phoneStage ?? columns[0]?._id ?? null}
            onChange={setPhoneStage}
            allowDeselect={false}
          />
        )}
        {mayMove && selected.size > 0 && (
          <Menu withinPortal>
            <Menu.Target>
              <Button leftSection={<IconArrowsExchange size={16} aria-hidden />}>Move {selected.size} selected to…</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {columns.map((column) => (
                <Menu.Item key={column._id} onClick={() => setMoving({ ids: [...selected], stage: column })}>
                  {column.stage.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {selected.size > 0 && (
          <Button variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {cards.length} {cards.length === 1 ? 'application' : 'applications'}
      </Text>
      <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {shown.map((stage) => (
            <Column
              key={stage._id}
              stage={stage}
              cards={groups.get(stage._id) ?? []}
              total={totals.get(stage._id)?.length ?? 0}
              selected={selected}
              {...columnProps}
            />
          ))}
        </Group>
      </ScrollArea>
      {moving && (
        <MoveDialog
          stage={moving.stage.stage}
          count={moving.ids.length}
          busy={busy}
          onCancel={() => setMoving(null)}
          onMove={(answers) => void send(moving.ids, moving.stage, answers)}
        />
      )}
    </Stack>
  );
};
