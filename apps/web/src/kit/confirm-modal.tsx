import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The way back out; "Cancel" unless said. */
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Destructive actions ask first. */
export const ConfirmModal = ({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  loading,
  onConfirm,
  onClose,
}: ConfirmModalProps) => (
  <Modal opened={opened} onClose={onClose} title={title} centered>
    <Stack gap="lg">
      <Text>{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
