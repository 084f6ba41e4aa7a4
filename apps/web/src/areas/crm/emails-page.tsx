import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../kit/page-header';
import { useSession } from '../../kit/session';
import { EmailList } from './email-list';

const views = [
  { value: 'all', label: 'All mail' },
  { value: 'sent', label: 'Sent' },
  { value: 'received', label: 'Received' },
  { value: 'bookmarked', label: 'Bookmarked' },
  { value: 'drafts', label: 'Drafts' },
] as const;
type View = (typeof views)[number]['value'];

const filterOf: Record<View, Record<string, unknown>> = {
  all: { inDraft: false },
  sent: { inDraft: false, direction: 'OUTBOUND' },
  received: { direction: 'INBOUND' },
  bookmarked: { isBookMarked: true },
  drafts: { inDraft: true },
};

/**
 * /crm/emails: the signed-in staff member's own mail (what they sent from the CRM and, once their
 * mailbox is connected, what it received), searched, by view: sent, received, bookmarked, drafts.
 */
export const EmailsPage = () => {
  const { user } = useSession();
  const [view, setView] = useState<View>('all');
  return (
    <Stack gap="md">
      <PageHeader title="Inbox" description="Your mail with candidates and contacts. Each email also shows on the records it concerns." />
      <SegmentedControl
        aria-label="Which mail"
        data={views.map(({ value, label }) => ({ value, label }))}
        value={view}
        onChange={(value) => setView(value as View)}
        fullWidth
      />
      <EmailList
        key={view}
        title={views.find((option) => option.value === view)?.label ?? 'All mail'}
        headingOrder={2}
        fixedFilter={{ ownerId: user?._id, ...filterOf[view] }}
        emptyMessage={view === 'drafts' ? 'No drafts: a draft is kept when you save an email without sending it.' : undefined}
      />
    </Stack>
  );
};
