import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A button for a destructive action that asks first: the action runs only when the dialog's confirm button is
 * pressed, and the dialog names what will happen.
 */
export function ConfirmAction({
  label,
  title,
  message,
  confirmLabel,
  onConfirm,
  loading,
  ...buttonProps
}: {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
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
            Keep it
          </Button>
          <Button
            color="red"
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
