import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type MoveAnswers, questionsFor } from './board/board-model';

type MoveDialogProps = {
  /** Where to: the stage's title and type. */
  stage: { title: string; stageType: string };
  /** How many applications move. */
  count: number;
  busy?: boolean;
  onCancel: () => void;
  onMove: (answers: MoveAnswers) => void;
  /** Whether the mover may write to the candidate (staff); a client's move never does, the agency speaks to candidates. */
  offersLetter?: boolean;
};

/** Asks what a move needs: remarks, the joining dates of a hire, and whether to write to the candidate of a rejection or an offer. */
export const MoveDialog = ({ stage, count, busy, onCancel, onMove, offersLetter = true }: MoveDialogProps) => {
  const asks = { ...questionsFor(stage.stageType), ...(offersLetter ? {} : { letter: false }) };
  const [remarks, setRemarks] = useState('');
  const [joiningDate, setJoiningDate] = useState('');
  const [joiningEndDate, setJoiningEndDate] = useState('');
  const [notifyCandidate, setNotifyCandidate] = useState(true);
  const what = count === 1 ? 'the application' : `${count} applications`;
  return (
    <Modal opened onClose={onCancel} title={`Move ${what} to ${stage.title}`} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onMove({
            remarks,
            ...(asks.joining ? { joiningDate, joiningEndDate } : {}),
            ...(asks.letter ? { notifyCandidate } : {}),
          });
        }}
      >
        <Stack>
          {asks.joining && (
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label="Joining date"
                required
                value={joiningDate}
                onChange={(event) => setJoiningDate(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label="End date"
                description="For a fixed-term contract"
                value={joiningEndDate}
                onChange={(event) => setJoiningEndDate(event.currentTarget.value)}
              />
            </Group>
          )}
          <Textarea
            label="Remarks"
            autosize
            minRows={2}
            maxLength={2000}
            value={remarks}
            onChange={(event) => setRemarks(event.currentTarget.value)}
          />
          {asks.letter && (
            <Checkbox
              label={
                stage.stageType === 'REJECTED' ? 'Email the candidate that they were not successful' : 'Email the candidate their offer'
              }
              checked={notifyCandidate}
              onChange={(event) => setNotifyCandidate(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
