import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { applicationSources, crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { hiringPipeline, type PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Button, Group, Menu, ScrollArea, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsExchange, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callApi, type OutputOfCall } from '../../../kit/api';
import { useCan } from '../../../kit/can';
import { messageOf, notifyFailure, notifySuccess } from '../../../kit/notify';
import { resourceKey, useDetails } from '../../../kit/use-resource';
import { humanise } from '../../../kit/words';
import { moveApplicationCall, moveApplicationsCall } from '../hiring-calls';
import { MoveDialog } from '../move-dialog';
import { type CardActions, DragPreview } from './board-card';
import { BoardColumn } from './board-column';
import { announcements, type CardData, columnUnder, instructions, useBoardSensors } from './board-dnd';
import {
  type BoardCard,
  type BoardFilter,
  columnsOf,
  countsOf,
  groupByStage,
  type MoveAnswers,
  movableIds,
  movedLocally,
  movePayloads,
  questionsFor,
  rangeBetween,
  restoredCards,
  toggled,
  visibleSelection,
} from './board-model';

type Moving = { ids: string[]; stage: PipelineItem };
type BoardData = OutputOfCall<typeof jobApplicantsList>;

const noFilter: BoardFilter = { search: '', source: null };
const sourceLabel = (source: string) => (source === 'BOARD' ? 'Job board' : humanise(source));

/** The time cards count from, renewed each minute (not on each render, which would redraw every card). */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

type JobBoardProps = {
  jobId: string;
  /** The job's pipeline when the page has the job already; else the board loads the job for it. */
  pipelineId?: string | null;
};

/**
 * A job's pipeline board: a column per enabled stage with its count, the applications as cards, all
 * loaded in one call. Move a card by dragging it (or the selected cards with it), by the keyboard
 * from its grip, or from its Move menu (the way on a phone, which shows one stage at a time); tick
 * several (shift-click for a range) and move them at once with remarks. HIRED asks for the joining
 * dates, REJECTED and OFFERED whether to write to the candidate. A move shows at once and is put back,
 * with the server's reason, when refused.
 */
export const JobBoard = ({ jobId, pipelineId: givenPipelineId }: JobBoardProps) => {
  const can = useCan();
  // Whoever may move applications one by one may move them in bulk too: the same call, the same level.
  const mayMove = can.bulk(crmJobApplication, 'move-to-stage');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const queryClient = useQueryClient();
  const sensors = useBoardSensors();
  const now = useNow();

  const mayRead = can.call(jobApplicantsList) && can.do(hiringPipeline, 'details');
  const job = useDetails(crmJob, givenPipelineId === undefined && mayRead ? jobId : undefined);
  const pipelineId = givenPipelineId === undefined ? job.data?.pipelineId : givenPipelineId;
  const pipeline = useDetails(hiringPipeline, mayRead ? (pipelineId ?? undefined) : undefined);
  const boardKey = useMemo(() => [crmJobApplication.name, 'board', jobId], [jobId]);
  const applications = useQuery({
    enabled: mayRead,
    queryKey: boardKey,
    queryFn: ({ signal }) => callApi(jobApplicantsList, { jobId, limit: 'ALL' }, { signal }),
  });

  const [filter, setFilter] = useState<BoardFilter>(noFilter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<Moving | null>(null);
  const [busy, setBusy] = useState(false);
  const [phoneStage, setPhoneStage] = useState<string | null>(null);
  const [held, setHeld] = useState<CardData | null>(null);
  const dragging = useRef(false);
  const anchor = useRef<string | null>(null);

  const cards = (applications.data?.results ?? []) as unknown as BoardCard[];
  const columns = useMemo(() => columnsOf(pipeline.data?.items ?? []), [pipeline.data]);
  const groups = useMemo(() => groupByStage(cards, columns, filter), [cards, columns, filter]);
  const counts = useMemo(() => countsOf(groups), [groups]);
  const totals = useMemo(() => countsOf(groupByStage(cards, columns, noFilter)), [cards, columns]);
  const chosen = useMemo(() => visibleSelection(selected, groups), [selected, groups]);
  const shownCount = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const onBoard = [...totals.values()].reduce((sum, count) => sum + count, 0);

  const cached = () => (queryClient.getQueryData<BoardData>(boardKey)?.results ?? []) as unknown as BoardCard[];
  const setCards = (change: (cards: BoardCard[]) => BoardCard[]) =>
    queryClient.setQueryData<BoardData>(boardKey, (data) =>
      data ? { ...data, results: change(data.results as unknown as BoardCard[]) as unknown as BoardData['results'] } : data,
    );

  const send = async (ids: string[], stage: PipelineItem, answers: MoveAnswers) => {
    const movable = movableIds(cached(), ids, stage._id);
    if (movable.length === 0) {
      setMoving(null);
      return;
    }
    // A refetch still under way would otherwise bring the cards back where they were.
    await queryClient.cancelQueries({ queryKey: boardKey });
    const before = cached();
    setCards((current) => movedLocally(current, movable, stage._id, new Date().toISOString()));
    setBusy(true);
    let done = 0;
    try {
      for (const batch of movePayloads(movable, stage._id, answers)) {
        if ('jobApplicationIds' in batch.payload) await callApi(moveApplicationsCall, batch.payload);
        else await callApi(moveApplicationCall, batch.payload);
        done += batch.ids.length;
      }
      notifySuccess(movable.length === 1 ? `Moved to ${stage.stage.title}` : `${movable.length} moved to ${stage.stage.title}`);
      setMoving(null);
    } catch (error) {
      const refused = movable.slice(done);
      setCards((current) => restoredCards(current, before, refused));
      notifyFailure(error, done > 0 ? `${done} moved, ${refused.length} not moved` : 'Not moved');
    } finally {
      setSelected((previous) => toggled(previous, movable.slice(0, done), false));
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: resourceKey(crmJobApplication) });
    }
  };

  /** A drag or a card's menu: straight there, unless the stage asks something first. */
  const requestMove = (ids: string[], stage: PipelineItem) => {
    // A card dropped back on its own column goes nowhere and asks nothing.
    const movable = movableIds(cached(), ids, stage._id);
    if (movable.length === 0) return;
    const asks = questionsFor(stage.stage.stageType);
    if (asks.joining || asks.letter) setMoving({ ids: movable, stage });
    else void send(movable, stage, { remarks: '' });
  };

  const select = (card: BoardCard, on: boolean, range: boolean) => {
    const column = (card.pipelineCurrentStage && groups.get(card.pipelineCurrentStage)) || [];
    const ids = range
      ? rangeBetween(
          column.map((shown) => shown._id),
          anchor.current,
          card._id,
        )
      : [card._id];
    anchor.current = card._id;
    setSelected((previous) => toggled(previous, ids, on));
  };

  // Cards get one lasting actions object that calls the latest functions, so none re-renders for new callbacks.
  const latest = useRef({ requestMove, select });
  latest.current = { requestMove, select };
  const actions = useMemo<CardActions>(
    () => ({
      select: (card, on, range) => latest.current.select(card, on, range),
      move: (ids, stage) => latest.current.requestMove(ids, stage),
    }),
    [],
  );
  const selectAll = useMemo(() => (ids: string[], on: boolean) => setSelected((previous) => toggled(previous, ids, on)), []);

  if (!mayRead) return <Text c="dimmed">You may not see this job’s board.</Text>;
  const failed = applications.error ?? pipeline.error ?? job.error;
  if (failed) {
    return (
      <Text c="red" size="sm">
        {messageOf(failed)}
      </Text>
    );
  }
  if (applications.isPending || pipeline.isPending) return <Skeleton height={320} aria-label="Loading the board" />;
  if (columns.length === 0) return <Text c="dimmed">This job’s pipeline has no stage switched on.</Text>;

  const draggable = mayMove && !phone;
  const phoneColumn = phoneStage && columns.some((column) => column._id === phoneStage) ? phoneStage : columns[0]?._id;
  const shown = phone ? columns.filter((column) => column._id === phoneColumn) : columns;
  const filtered = filter.search.trim() !== '' || filter.source !== null;
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
          data={applicationSources.map((source) => ({ value: source, label: sourceLabel(source) }))}
          value={filter.source}
          onChange={(source) => setFilter({ ...filter, source })}
        />
        {phone && (
          <Select
            label="Stage"
            data={columns.map((column) => ({ value: column._id, label: `${column.stage.title} (${counts.get(column._id) ?? 0})` }))}
            value={phoneColumn ?? null}
            onChange={setPhoneStage}
            allowDeselect={false}
          />
        )}
        {filtered && (
          <Button variant="subtle" onClick={() => setFilter(noFilter)}>
            Clear filters
          </Button>
        )}
        {mayMove && chosen.length > 0 && (
          <Menu withinPortal>
            <Menu.Target>
              <Button leftSection={<IconArrowsExchange size={16} aria-hidden />}>Move {chosen.length} selected to…</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {columns.map((column) => (
                <Menu.Item key={column._id} onClick={() => setMoving({ ids: chosen, stage: column })}>
                  {column.stage.title}
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
        {filtered ? `${shownCount} of ${onBoard}` : onBoard} {onBoard === 1 ? 'application' : 'applications'}
        {draggable && ' · drag a card, or press space on its grip and the left and right arrows · shift-click ticks a range'}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={columnUnder}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
        onDragStart={({ active }) => {
          dragging.current = true;
          setHeld((active.data.current as CardData | undefined) ?? null);
        }}
        onDragCancel={() => {
          dragging.current = false;
          setHeld(null);
        }}
        onDragEnd={({ active, over }) => {
          dragging.current = false;
          setHeld(null);
          const stage = over && columns.find((column) => column._id === over.id);
          if (!stage) return;
          const id = String(active.id);
          requestMove(selected.has(id) ? chosen : [id], stage);
        }}
      >
        <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'Stages' }}>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            {shown.map((stage) => (
              <BoardColumn
                key={stage._id}
                stage={stage}
                cards={groups.get(stage._id) ?? []}
                total={totals.get(stage._id) ?? 0}
                selected={selected}
                selectedCount={chosen.length}
                now={now}
                mayMove={mayMove}
                draggable={draggable}
                columns={columns}
                actions={actions}
                selectAll={selectAll}
                dragging={dragging}
                fullWidth={phone}
              />
            ))}
          </Group>
        </ScrollArea>
        <DragOverlay dropAnimation={null} style={{ pointerEvents: 'none' }}>
          {held ? <DragPreview data={held} /> : null}
        </DragOverlay>
      </DndContext>
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
