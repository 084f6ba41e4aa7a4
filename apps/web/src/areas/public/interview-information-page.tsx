import {
  type heldInterview,
  interviewInformationCodes,
  interviewInformationDetails,
  interviewInformationFeedback,
} from '@app/contract/resources/hiring/interview';
import { Alert, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { callApi, isApiError } from '../../kit/api';
import { formatDateTime, humanise } from '../../kit/words';
import { AuthLayout } from '../auth/auth-layout';
import { ScorecardFields, scorecardErrors, useScorecardDraft } from '../hiring/scorecard-fields';

type Held = z.output<typeof heldInterview>;

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');

/** Asks for a code by mail, then takes it: the page's token for this one interview. */
const CodeStep = ({ id, onToken }: { id: string; onToken: (token: string) => void }) => {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      await callApi(interviewInformationCodes.sendOtp, { _id: id });
      setSent(true);
    });
  const check = () =>
    run(async () => {
      const access = await callApi(interviewInformationCodes.checkOtp, { _id: id, otp: code });
      onToken(access.token);
    });
  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {sent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <Stack gap="md">
            <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
              A six-digit code is on its way to the address your invitation came to. It is valid for 10 minutes.
            </Alert>
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              Open the interview
            </Button>
            <Button variant="subtle" onClick={() => void send()} disabled={busy}>
              Send a new code
            </Button>
          </Stack>
        </form>
      ) : (
        <Button onClick={() => void send()} loading={busy} fullWidth>
          Email me a code
        </Button>
      )}
    </Stack>
  );
};

/** The interview, and the interviewer's scorecard: an overall verdict, a rating per category, remarks. */
const ScoreStep = ({ held, token, onSaved }: { held: Held; token: string; onSaved: (held: Held) => void }) => {
  const mine = held.myScorecard;
  const draft = useScorecardDraft(mine);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const fieldErrors = scorecardErrors(error);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await callApi(
        interviewInformationFeedback,
        {
          _id: held._id,
          scorecard: draft.scorecard(),
        },
        { bearer: token },
      );
      setSaved(true);
      onSaved(next);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const cancelled = held.status === 'CANCELLED';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text>
          <strong>{held.candidateName}</strong> for <strong>{held.jobTitle}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          {humanise(held.interviewType)} interview, {humanise(held.medium).toLowerCase()}: {formatDateTime(held.startTime)} to{' '}
          {formatDateTime(held.endTime)}
        </Text>
        {held.meetingInfo && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {held.meetingInfo}
          </Text>
        )}
        {held.descriptionForCandidate && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {held.descriptionForCandidate}
          </Text>
        )}
      </Stack>
      <Divider />
      {cancelled ? (
        <Alert color="yellow" variant="light">
          This interview was cancelled: there is nothing to score.
        </Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <Title order={2} fz={18}>
              Your scorecard
            </Title>
            {saved && (
              <Alert color="teal" variant="light" role="status">
                Thank you: your scorecard is with {held.organisationName}. You can change it here until the page’s code expires.
              </Alert>
            )}
            {isApiError(error) && Object.keys(fieldErrors).length === 0 && (
              <Alert color="red" variant="light" role="alert">
                {error.status === 401 ? 'Your code has expired: reload the page and ask for a new one.' : error.message}
              </Alert>
            )}
            <ScorecardFields draft={draft} categories={held.categories} error={error} />
            <Button type="submit" loading={busy} disabled={!draft.overall} fullWidth>
              Send my scorecard
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
};

/**
 * /interview/:id — for an interviewer outside the agency: a code mailed to the address their
 * invitation went to opens this one interview, where they send their scorecard. Works on a phone.
 */
export const InterviewInformationPage = () => {
  const { id = '' } = useParams();
  const [access, setAccess] = useState<{ token: string; held: Held } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (token: string) => {
    try {
      setAccess({ token, held: await callApi(interviewInformationDetails, { _id: id }, { bearer: token }) });
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <AuthLayout
      width={560}
      title={access ? `Interview with ${access.held.candidateName}` : 'Your interview scorecard'}
      intro={
        access
          ? `${access.held.organisationName} asked you, ${access.held.interviewerName}, to score this interview.`
          : 'To see the interview and send your scorecard, we email a one-time code to the address your invitation came to.'
      }
    >
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {access ? (
        <ScoreStep held={access.held} token={access.token} onSaved={(held) => setAccess({ ...access, held })} />
      ) : (
        <CodeStep id={id} onToken={(token) => void open(token)} />
      )}
    </AuthLayout>
  );
};
