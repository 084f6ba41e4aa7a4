import { sendOtp } from '@app/contract/resources/auth';
import { updateJobSeekerEmail, updateJobSeekerPhone } from '@app/contract/resources/job-board/job-seeker';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { renameFieldErrors } from '../../kit/field-errors';
import { FieldsForm } from '../../kit/fields-form';
import { SectionCard } from '../../kit/section-card';
import { sessionKey } from '../../kit/session';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

type Kind = 'email' | 'phone';

const words = {
  email: { title: 'Email', noun: 'email', field: 'New email', where: 'address', kind: 'email' as const, placeholder: 'you@example.com' },
  phone: {
    title: 'Phone',
    noun: 'phone number',
    field: 'New phone number',
    where: 'number',
    kind: 'text' as const,
    placeholder: '+44 7700 900123',
  },
};

/**
 * Changing the email or phone takes two codes: send-otp mails (or texts) one to the current
 * address and one to the new one; both prove the change. Step one asks for the new value, step two for the codes.
 */
export const ContactChange = ({ kind, record }: { kind: Kind; record: SeekerRecord }) => {
  const w = words[kind];
  const current = kind === 'email' ? record.email : record.phone;
  const [newValue, setNewValue] = useState<string | null>(null);
  const setProfile = useSetSeekerProfile();
  const queryClient = useQueryClient();

  const change = async (payload: Record<string, unknown>) => {
    const input =
      kind === 'email'
        ? { email: record.email, newEmail: newValue, otp: payload.otp, secondaryOtp: payload.secondaryOtp }
        : { phone: record.phone, newPhone: newValue, otp: payload.otp, secondaryOtp: payload.secondaryOtp };
    try {
      return await callApi(kind === 'email' ? updateJobSeekerEmail : updateJobSeekerPhone, input);
    } catch (error) {
      // Only the codes are inputs here; what is wrong with the new value is said in general.
      throw renameFieldErrors(error, (field) => (field === 'otp' || field === 'secondaryOtp' ? field : undefined));
    }
  };

  return (
    <SectionCard title={w.title} description={`Your ${w.noun} now: ${current}`}>
      {newValue === null ? (
        <FieldsForm
          key="ask"
          fields={[
            {
              name: 'newValue',
              label: w.field,
              kind: w.kind,
              placeholder: w.placeholder,
              autoComplete: kind === 'email' ? 'email' : 'tel',
            },
          ]}
          emptyStrings="keep"
          submitLabel="Send codes"
          onSubmit={async (payload) => {
            await callApi(sendOtp, { purpose: kind === 'email' ? 'update-email' : 'update-phone', newValue: payload.newValue });
            return String(payload.newValue);
          }}
          onSuccess={setNewValue}
        />
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            We have sent one code to your current {w.noun} ({current}) and another to {newValue}. Enter both to confirm.
          </Alert>
          <FieldsForm
            key="confirm"
            fields={[
              { name: 'otp', label: `Code sent to ${current}`, kind: 'text', half: true, autoComplete: 'one-time-code', required: true },
              {
                name: 'secondaryOtp',
                label: `Code sent to ${newValue}`,
                kind: 'text',
                half: true,
                autoComplete: 'one-time-code',
                required: true,
              },
            ]}
            emptyStrings="keep"
            submitLabel={`Change ${w.noun}`}
            successMessage={`Your ${w.noun} has been changed`}
            onSubmit={change}
            onSuccess={(saved) => {
              setProfile(saved);
              setNewValue(null);
              void queryClient.invalidateQueries({ queryKey: sessionKey });
            }}
            footer={
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  No codes, or a typo?
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={() => setNewValue(null)}>
                  Start again
                </Button>
              </Group>
            }
          />
        </Stack>
      )}
    </SectionCard>
  );
};
