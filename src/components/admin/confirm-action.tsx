import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { adminUi_keep } from '@/paraglide/messages/adminui_keep1.js';

/**
 * A button for a destructive action that asks first: the action runs only when the dialog's confirm button is
 * pressed, and the dialog names what will happen.
 */
export function ConfirmAction({
  label,
  title,
  message,
  confirmLabel,
  cancelLabel = adminUi_keep(),
  confirmColor = 'red',
  onConfirm,
  loading,
  ...buttonProps
}: {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog and does nothing. */
  cancelLabel?: string;
  /** Red for what cannot be undone; another colour for a step that is only final (an order delivered). */
  confirmColor?: string;
  onConfirm: () => void;
  loading?: boolean;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="light" {...buttonProps} onClick={open} loading={loading}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text mb="md">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {cancelLabel}
          </Button>
          <Button
            color={confirmColor}
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
