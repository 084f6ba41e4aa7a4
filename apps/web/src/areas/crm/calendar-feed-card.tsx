import { eventCalendarFeed, eventCalendarFeedRegenerate } from '@app/contract/resources/crm/event';
import { ActionIcon, Button, Card, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure } from '../../kit/notify';
import { useCall } from '../../kit/use-resource';

/**
 * The caller's subscription link (ICS) for Google Calendar, Outlook or Apple Calendar. Only its hash
 * is kept on the server, so a link is shown when it is made; making a new one stops the old one.
 */
export const CalendarFeedCard = () => {
  const can = useCan();
  const get = useCall(eventCalendarFeed);
  const regenerate = useCall(eventCalendarFeedRegenerate);
  const [feed, setFeed] = useState<{ url: string | null; createdAt: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!can.call(eventCalendarFeed)) return null;

  const load = async () => {
    try {
      setFeed(await get.mutateAsync({}));
    } catch (error) {
      notifyFailure(error);
    }
  };
  const renew = async () => {
    try {
      setFeed(await regenerate.mutateAsync({}));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card withBorder padding="md" mb="md">
      <Stack gap="xs">
        <Text fw={600}>Subscribe in your calendar app</Text>
        <Text size="sm" c="dimmed">
          Your events and your tasks’ due dates, in Google Calendar, Outlook or Apple Calendar. Keep the link private: anyone who has it
          sees your calendar.
        </Text>
        {feed?.url ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Calendar feed link"
              value={feed.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                  <ActionIcon variant="light" size="lg" color={copied ? 'teal' : undefined} onClick={copy} aria-label="Copy link">
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        ) : feed?.createdAt ? (
          <Text size="sm">
            You made a link on {new Date(feed.createdAt).toLocaleDateString()}. For your safety it is shown only once: make a new link to
            see one again (the old link then stops working).
          </Text>
        ) : null}
        <Group gap="sm">
          {!feed && (
            <Button variant="light" onClick={load} loading={get.isPending}>
              Get my calendar link
            </Button>
          )}
          {feed && (
            <Button variant="default" onClick={() => setConfirming(true)}>
              Make a new link
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Make a new calendar link?"
        message="The old link stops working at once: calendars subscribed to it stop updating."
        confirmLabel="Make a new link"
        loading={regenerate.isPending}
        onConfirm={renew}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
