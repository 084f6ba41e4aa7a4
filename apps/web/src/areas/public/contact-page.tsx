import { contactQuery } from '@app/contract/resources/content/article';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { callResource } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';

const fields: FieldDescriptor[] = [
  { name: 'contactName', label: 'Your name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', half: true, autoComplete: 'email', required: true },
  {
    name: 'phone',
    label: 'Phone',
    kind: 'text',
    half: true,
    autoComplete: 'tel',
    required: true,
    placeholder: '+44 7700 900123',
    description: 'With the country code',
  },
  { name: 'content', label: 'Message', kind: 'textarea', required: true },
];

/** /contact: anyone can write to the platform's team; the message lands in the admins' inbox and they answer by email. */
export const ContactPage = () => {
  const [sent, setSent] = useState(false);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Contact us</Title>
          <Text c="dimmed">Questions about jobs, your account or hiring through us? Write to us and we reply by email.</Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          {sent ? (
            <Stack gap="md" align="flex-start">
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Thank you, your message is sent">
                We usually reply within two working days.
              </Alert>
              <Button variant="light" onClick={() => setSent(false)}>
                Send another message
              </Button>
            </Stack>
          ) : (
            <FieldsForm
              fields={fields}
              emptyStrings="omit"
              submitLabel="Send message"
              onSubmit={(payload) => callResource(contactQuery, 'create', payload)}
              onSuccess={() => setSent(true)}
              fullWidthSubmit
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
};
